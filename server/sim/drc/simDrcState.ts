/**
 * The DRC state of one simulated dock (mode, authority, push rates, the heartbeat watchdog, the
 * camera) and what every part of it needs: sending on `drc/up` and `events`, and leaving DRC.
 */
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { UnitState } from '../unitState.ts';
import { enterPhase } from '../unitStep.ts';
import { drcExtraDelay } from './delayInjection.ts';
import { obstaclesNear } from './obstacles.ts';
import type { Obstacle } from './obstacles.ts';
import { newCamera } from './simCamera.ts';
import type { SimCamera } from './simCamera.ts';
import type { Data } from './simDrcCodes.ts';

export interface DrcSimDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
}

/** A `drc/up` message held back by the injected delay. */
interface Delayed {
  due: number;
  payload: string;
}

export interface SimDrc {
  readonly deps: DrcSimDeps;
  readonly dockSn: string;
  readonly upTopic: string;
  readonly obstacles: readonly Obstacle[];
  readonly camera: SimCamera;
  inDrc: boolean;
  osdHz: number;
  hsiHz: number;
  lastHeartbeat: number;
  flightAuthority: boolean;
  payloadAuthority: boolean;
  /** Seconds since each push last went out. */
  readonly since: { osd: number; hsi: number; delay: number };
  /** The `seq` of the dock's next own message on `drc/up`. */
  seq: number;
  /** Delayed messages, oldest first. */
  readonly queue: Delayed[];
}

/** A dock out of DRC, without authority, at the default push rates. */
export function newSimDrc(deps: DrcSimDeps): SimDrc {
  const dockSn = deps.def.dock.sn;
  return {
    deps,
    dockSn,
    upTopic: thingTopic(dockSn, 'drc/up'),
    obstacles: obstaclesNear(deps.def),
    camera: newCamera(),
    inDrc: false,
    osdHz: 10,
    hsiHz: 1,
    lastHeartbeat: 0,
    flightAuthority: false,
    payloadAuthority: false,
    since: { osd: 0, hsi: 0, delay: 0 },
    seq: 0,
    queue: [],
  };
}

/** Sends on `drc/up`, later by the injected delay when one is set. */
export function up(sim: SimDrc, method: string, data: unknown, replySeq?: number): void {
  const { deps } = sim;
  const payload = JSON.stringify({
    method,
    seq: replySeq ?? sim.seq++,
    timestamp: deps.now(),
    data,
  });
  const extra = drcExtraDelay(sim.dockSn);
  if (extra > 0) sim.queue.push({ due: deps.now() + extra, payload });
  else deps.publish(sim.upTopic, payload);
}

/** Sends the delayed `drc/up` messages that are due at `now`. */
export function sendDelayed(sim: SimDrc, now: number): void {
  while (sim.queue.length > 0 && (sim.queue[0]?.due ?? Infinity) <= now) {
    const next = sim.queue.shift();
    if (next) sim.deps.publish(sim.upTopic, next.payload);
  }
}

/** Sends an event on the dock's `events`. */
export function event(sim: SimDrc, method: string, data: Data): void {
  const { deps, dockSn } = sim;
  deps.publish(
    thingTopic(dockSn, 'events'),
    JSON.stringify({
      tid: `${dockSn}-${String(sim.seq)}`,
      bid: '',
      timestamp: deps.now(),
      method,
      data,
    }),
  );
}

/** Leaves DRC and drops both authorities; the pilot's manual control ends. */
export function leave(sim: SimDrc): void {
  sim.inDrc = false;
  sim.flightAuthority = false;
  sim.payloadAuthority = false;
  const s = sim.deps.state();
  const wasManual = s.manual !== null;
  s.manual = null;
  // Nobody flies it any more: an aircraft left hovering under no task comes home.
  if (wasManual && s.phase === 'patrol' && !s.flight) enterPhase(s, 'returning');
}

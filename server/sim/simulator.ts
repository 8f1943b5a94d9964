/**
 * Runs the simulated fleet: steps every unit on a fixed tick and publishes what real docks publish,
 * over one connection per gateway. Time comes from an injected scheduler, so tests drive it by hand.
 */
import { statusTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import type { SimDeviceDef, SimUnitDef } from './fleet.ts';
import { simSecret } from './fleet.ts';
import { dockOsdFast, dockOsdSlow } from './dockMessages.ts';
import {
  aircraftOsd,
  aircraftState,
  dockState,
  envelope,
  hmsData,
  updateTopo,
} from './messages.ts';
import { createRng, mixSeed } from './rng.ts';
import type { Rng } from './rng.ts';
import { MEAN_DETECTION_INTERVAL_S, stepSensors } from './sensors.ts';
import { bootAircraft, shutDownAircraft } from './ai/deployedModels.ts';
import type { OnboardStore } from './ai/deployedModels.ts';
import { stepUnit } from './unitStep.ts';
import { initialState } from './unitState.ts';
import type { UnitState } from './unitState.ts';
import { simServices } from './simServices.ts';
import { simMedia } from './media/simMedia.ts';
import { flightPercent, progressData } from './waylineFlight.ts';
import { stepHeldTasks } from './heldTasks.ts';
import { drcController } from './drc/drcController.ts';
import type { DrcController } from './drc/drcController.ts';
import { simAreaSync } from './airspace/simAreaSync.ts';
import type { SimAreaSync } from './airspace/simAreaSync.ts';
import { simFence } from './airspace/simFence.ts';
import type { SimFence } from './airspace/simFence.ts';
import type { FileArea } from '../airspace/flightAreaFile.ts';

/** Key of the simulated gateways' secrets when none is configured (`SIM_SECRET_KEY`). */
export const DEFAULT_SIM_KEY = 'skydeck-sim';
/** Real docks push their own osd far slower than the aircraft; 1 Hz keeps the dock view fresh. */
const DOCK_OSD_HZ = 1;
/** The dock's slow osd part (position, storage, counters) goes out this often, s. */
const DOCK_SLOW_OSD_S = 10;
/** DRC clock: the stick model and `drc/up` pushes run at 10 Hz whatever the osd rate. */
const DRC_TICK_MS = 100;

export interface SimLink {
  publish(topic: string, payload: string): void;
}

/** A message for a gateway: its `services` and `requests_reply`. */
export type SimInbox = (topic: string, payload: Uint8Array) => void;

export interface SimTransport {
  /**
   * Opens one gateway's connection; `onConnect` runs on every (re)connect. With `inbox`, the
   * gateway also hears its `services` and `requests_reply` (task flights).
   */
  open(gateway: SimDeviceDef, secret: string, onConnect: () => void, inbox?: SimInbox): SimLink;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  fleet: SimUnitDef[];
  seed: number;
  /** Aircraft `osd` messages per second per aircraft. */
  hz: number;
  /** Aircraft fly patrols of their own between tasks (default); false: they start and wait docked. */
  patrols?: boolean;
  /** Key the gateway secrets derive from (see `simSecret`). */
  secretKey: string;
  transport: SimTransport;
  scheduler: Scheduler;
  /** Where the aircraft keep their detection models across restarts; without it they forget. */
  onboard?: OnboardStore;
  /** Mean seconds between detections of an aircraft on patrol (default 300). */
  detectionIntervalS?: number;
  /**
   * Simulated seconds per tick-second (default 1): flight, battery, wind, sensors and camera move
   * this much faster. Message rates, timestamps, protocol time-outs and the DRC stick model stay on
   * the wall clock, so the server sees a dock that reports as often as ever, only one that flies fast.
   */
  timeScale?: number;
}

export interface Simulator {
  /** Messages published so far. */
  published(): number;
  /** Live state of a unit by index (tests, debugging). */
  unit(index: number): UnitState | undefined;
  /** The custom flight areas a unit's dock holds, and the checksum of their file (tests). */
  flightAreas(index: number): { checksum: string | null; areas: readonly FileArea[] } | undefined;
  /** Resolves once the aircraft loaded the models they kept (at once without an on-board store). */
  modelsLoaded: Promise<void>;
  stop(): Promise<void>;
}

interface Running {
  def: SimUnitDef;
  state: UnitState;
  rng: Rng;
  link: SimLink;
  seq: number;
  drc: DrcController;
  areaSync: SimAreaSync;
  fence: SimFence;
}

/** Starts the fleet; the first messages go out on each gateway's connect. */
export function startSimulator(options: SimulatorOptions): Simulator {
  const { scheduler } = options;
  const dt = 1 / options.hz;
  /** Simulated time each tick advances the units by, s. */
  const simDt = dt * (options.timeScale ?? 1);
  const detectionS = options.detectionIntervalS ?? MEAN_DETECTION_INTERVAL_S;
  const aircraftSns = options.fleet.map((def) => def.aircraft.sn);
  // A store that cannot be read leaves the aircraft without a model, as a blank one would.
  const modelsLoaded = options.onboard
    ? bootAircraft(aircraftSns, options.onboard).catch(() => undefined)
    : Promise.resolve();
  const dockEvery = Math.max(1, Math.round(options.hz / DOCK_OSD_HZ));
  const slowEvery = Math.max(1, Math.round(options.hz * DOCK_SLOW_OSD_S));
  let published = 0;
  let tick = 0;
  /** Camera and media upload of each unit, by unit index. */
  const cameras = new Map<number, ReturnType<typeof simMedia>>();

  function send(u: Running, topic: string, data: unknown, method?: string): void {
    u.link.publish(
      topic,
      JSON.stringify(envelope(u.def.dock.sn, u.seq++, scheduler.now(), data, method)),
    );
    published++;
  }

  function announce(u: Running): void {
    send(u, statusTopic(u.def.dock.sn), updateTopo(u.def), 'update_topo');
    send(u, thingTopic(u.def.dock.sn, 'state'), dockState(u.def));
    send(u, thingTopic(u.def.aircraft.sn, 'state'), aircraftState(u.def, u.state));
    sendDockSlow(u);
  }

  function sendDockSlow(u: Running): void {
    send(u, thingTopic(u.def.dock.sn, 'osd'), dockOsdSlow(u.def, u.state, scheduler.now()));
  }

  const units: Running[] = options.fleet.map((def) => {
    const { unit, camera } = startUnit(def, options, announce);
    cameras.set(def.index, camera);
    return unit;
  });

  function stepOne(u: Running): void {
    const { def, state } = u;
    const before = { ...state.pos };
    stepUnit(def, state, simDt, u.rng);
    u.fence.enforce(before);
    u.fence.report(dt);
    cameras.get(def.index)?.afterStep(simDt);
    send(u, thingTopic(def.aircraft.sn, 'osd'), aircraftOsd(def, state));
    if ((tick + def.index) % dockEvery === 0)
      send(u, thingTopic(def.dock.sn, 'osd'), dockOsdFast(def, state));
    if ((tick + def.index) % slowEvery === 0) sendDockSlow(u);
    if (state.stateChanged)
      send(u, thingTopic(def.aircraft.sn, 'state'), aircraftState(def, state));
    if (state.hmsChanged) send(u, thingTopic(def.dock.sn, 'events'), hmsData(state), 'hms');
    for (const e of stepSensors(def, state, simDt, u.rng, detectionS))
      send(u, thingTopic(def.aircraft.sn, 'events'), e.data, e.method);
    state.stateChanged = false;
    state.hmsChanged = false;
    reportFlight(u, dt);
    const ready = stepHeldTasks(state, scheduler.now());
    if (ready.length > 0)
      send(u, thingTopic(def.dock.sn, 'events'), { flight_ids: ready }, 'flighttask_ready');
  }

  /** `flighttask_progress` at 1 Hz while a task is held; the final report once, then it is forgotten. */
  function reportFlight(u: Running, dt: number): void {
    const flight = u.state.flight;
    if (!flight || flight.status === 'prepared') return;
    flight.sinceReport += dt;
    const final =
      flight.status === 'ok' || flight.status === 'failed' || flight.status === 'canceled';
    if (flight.sinceReport < 1 && !final) return;
    flight.sinceReport = 0;
    const phase = u.state.phase;
    if (flight.status === 'in_progress' && (phase === 'landing' || phase === 'closing'))
      flight.step = phase === 'landing' ? 27 : 28;
    const landed = phase === 'closing' || (phase === 'docked' && flight.status !== 'in_progress');
    const percent = flightPercent(flight, { pos: u.state.pos, home: u.def.home, landed });
    const data = progressData(flight, percent);
    send(u, thingTopic(u.def.dock.sn, 'events'), data, 'flighttask_progress');
    if (final) u.state.flight = null;
  }

  const cancel = scheduler.every(1000 / options.hz, () => {
    for (const u of units) stepOne(u);
    tick++;
  });

  const cancelDrc = scheduler.every(DRC_TICK_MS, () => {
    for (const u of units) {
      const before = { ...u.state.pos };
      u.drc.tick(DRC_TICK_MS / 1000);
      u.fence.enforce(before);
    }
  });

  return {
    published: () => published,
    unit: (index) => units[index]?.state,
    flightAreas: (index) => {
      const u = units[index];
      return u && { checksum: u.areaSync.checksum(), areas: u.areaSync.areas() };
    },
    modelsLoaded,
    async stop() {
      cancel();
      cancelDrc();
      for (const u of units) u.areaSync.stop();
      await options.transport.close();
      await modelsLoaded;
      shutDownAircraft(aircraftSns);
    },
  };
}

/**
 * One unit's state and the parts that answer the cloud for it (services, DRC, camera, flight
 * areas), connected through the transport; `announce` runs on every (re)connect.
 */
function startUnit(
  def: SimUnitDef,
  options: SimulatorOptions,
  announce: (u: Running) => void,
): { unit: Running; camera: ReturnType<typeof simMedia> } {
  const rng = createRng(mixSeed(options.seed ^ 0x5eed, def.index));
  const state = initialState(def, rng, options.patrols ?? true);
  const publish = (topic: string, payload: string) => u.link.publish(topic, payload);
  const now = () => options.scheduler.now();
  const drc = drcController({ def, state: () => u.state, now, publish });
  const areaSync = simAreaSync({ def, now, publish });
  const fence = simFence({ def, state: () => u.state, now, publish, areas: areaSync.areas });
  const u: Running = {
    def,
    state,
    rng,
    link: { publish: () => undefined },
    seq: 0,
    drc,
    areaSync,
    fence,
  };
  const services = simServices({
    def,
    state: () => u.state,
    now,
    publish,
    // A fly-to into a no-fly area is refused before DRC looks at it.
    drc: (method, data) => fence.refuse(method, data) ?? drc.service(method, data),
  });
  const camera = simMedia({ def, state: () => u.state, now, publish });
  u.link = options.transport.open(
    def.dock,
    simSecret(def.dock.sn, options.secretKey),
    () => {
      announce(u);
      areaSync.connected();
    },
    (topic, payload) => {
      camera.handle(topic, payload);
      if (areaSync.handle(topic, payload)) return;
      if (topic.endsWith('/drc/down')) drc.down(payload);
      else services.handle(topic, payload);
    },
  );
  return { unit: u, camera };
}

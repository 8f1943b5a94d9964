/**
 * What a simulated dock does with the cloud's `services` and `requests_reply`: it holds or refuses
 * `flighttask_prepare` as a real dock would (see `heldTasks`), and on `flighttask_execute` asks for
 * the file with `flighttask_resource_get`, downloads it, checks its MD5 and reads waylines.wpml
 * before flying.
 */
import { createHash, randomUUID } from 'node:crypto';
import { DOCK_TASK_BUSY } from '../../protocol/mqtt/flighttask.ts';
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { readKmzRoute } from '../waylines/readRoute.ts';
import { renderLiveStreams } from './camera/renderLiveStreams.ts';
import { simModelDeploy } from './ai/simModelDeploy.ts';
import type { SimUnitDef } from './fleet.ts';
import { canFly, conditionsHold, readyConditionsOf } from './heldTasks.ts';
import type { UnitState } from './unitState.ts';
import { loadRoute, preparedFlight } from './waylineFlight.ts';
import type { WaylineFlight } from './waylineFlight.ts';

/**
 * Refusal codes. 314013 (file not fetched) and 321004 (KMZ not readable) are codes docks are seen
 * to send (protocol §10); `busy` is the task centre's "not idle" (see `DOCK_TASK_BUSY`); the others
 * are the simulator's own picks in the same families.
 */
export const SIM_CODES = {
  busy: DOCK_TASK_BUSY,
  unknownFlight: 314002,
  badTask: 314003,
  notReady: 319004,
  timeOff: 314007,
  lowBattery: 316050,
  fileNotFetched: 314013,
  badFile: 321004,
} as const;
/** An immediate task whose `execute_time` is further than this from the dock's clock is refused. */
const IMMEDIATE_SKEW_MS = 30_000;
/** Below this battery, % the dock refuses to take off. */
const MIN_BATTERY = 35;
/** Most tasks a dock holds prepared at once. */
const MAX_HELD = 16;
const RESOURCE_TIMEOUT_MS = 15_000;

export interface SimServicesDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  /** Downloads a task file (real HTTP by default). */
  download?: (url: string) => Promise<Uint8Array>;
  /** DRC services of the dock (server/sim/drc); null: not a DRC service, handled here. */
  drc?: (method: string, data: unknown) => number | null;
}

type Body = { tid?: unknown; bid?: unknown; method?: unknown; data?: unknown };

const field = (data: unknown, name: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
/** A text field, or empty. */
const textField = (data: unknown, name: string): string => {
  const value = field(data, name);
  return typeof value === 'string' ? value : '';
};

async function httpDownload(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The service handler of one simulated dock. */
export function simServices(deps: SimServicesDeps) {
  const dockSn = deps.def.dock.sn;
  const download = deps.download ?? httpDownload;
  const waiting = new Map<string, (data: unknown) => void>();
  const live = renderLiveStreams({ def: deps.def, state: deps.state, now: deps.now });
  const models = simModelDeploy({ def: deps.def, now: deps.now, publish: deps.publish, download });

  function send(kind: 'services_reply' | 'requests', body: Record<string, unknown>) {
    deps.publish(thingTopic(dockSn, kind), JSON.stringify({ ...body, timestamp: deps.now() }));
  }

  /**
   * `flighttask_prepare`: the dock takes the task and holds it. An immediate task must be able to
   * fly at once; a timed or conditional one is held whatever the dock is doing now (protocol §6.6:
   * only a second *execute* is refused while a task flies).
   */
  function prepare(data: unknown): number {
    const s = deps.state();
    const flightId = textField(data, 'flight_id');
    if (!flightId) return SIM_CODES.unknownFlight;
    // The cloud repeating a prepare it got no answer to: already held.
    if (s.heldTasks.some((t) => t.flight.flightId === flightId)) return 0;
    const taskType = Number(field(data, 'task_type'));
    const executeTime = Number(field(data, 'execute_time'));
    const conditions = taskType === 2 ? readyConditionsOf(field(data, 'ready_conditions')) : null;
    if ((taskType !== 0 && taskType !== 1 && taskType !== 2) || (taskType === 2 && !conditions))
      return SIM_CODES.badTask;
    if (taskType === 0) {
      if (!canFly(s)) return SIM_CODES.busy;
      if (s.battery < MIN_BATTERY) return SIM_CODES.lowBattery;
      if (!(Math.abs(executeTime - deps.now()) <= IMMEDIATE_SKEW_MS)) return SIM_CODES.timeOff;
    }
    if (s.heldTasks.length >= MAX_HELD) return SIM_CODES.busy;
    s.heldTasks.push({
      flight: preparedFlight(flightId, textField(field(data, 'file'), 'fingerprint')),
      taskType,
      executeTime: Number.isFinite(executeTime) ? executeTime : deps.now(),
      conditions,
      readySentAt: null,
    });
    return 0;
  }

  /** Asks the cloud for the file's link; resolves with the reply's data, or null on timeout. */
  function askResource(flightId: string): Promise<unknown> {
    const tid = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(tid);
        resolve(null);
      }, RESOURCE_TIMEOUT_MS);
      waiting.set(tid, (data) => {
        clearTimeout(timer);
        resolve(data);
      });
      send('requests', {
        tid,
        bid: randomUUID(),
        gateway: dockSn,
        method: 'flighttask_resource_get',
        data: { flight_id: flightId },
      });
    });
  }

  function fail(flight: WaylineFlight, code: number): void {
    flight.status = 'failed';
    flight.result = code;
  }

  async function fetchAndLoad(flight: WaylineFlight): Promise<void> {
    flight.status = 'fetching';
    flight.step = 16;
    const reply = await askResource(flight.flightId);
    const file = field(field(reply, 'output'), 'file');
    const url = field(file, 'url');
    if (field(reply, 'result') !== 0 || typeof url !== 'string')
      return fail(flight, SIM_CODES.fileNotFetched);
    flight.step = 17;
    let bytes: Uint8Array;
    try {
      bytes = await download(url);
    } catch {
      return fail(flight, SIM_CODES.fileNotFetched);
    }
    const md5 = createHash('md5').update(bytes).digest('hex');
    const expected = textField(file, 'fingerprint') || flight.fingerprint;
    if (md5 !== expected || (flight.fingerprint && md5 !== flight.fingerprint))
      return fail(flight, SIM_CODES.badFile);
    try {
      loadRoute(flight, readKmzRoute(bytes).route);
    } catch {
      return fail(flight, SIM_CODES.badFile);
    }
    if (flight.points.length === 0) fail(flight, SIM_CODES.badFile);
  }

  /** `flighttask_execute` of a held task: refused while another flies or its conditions do not hold. */
  function execute(data: unknown): number {
    const s = deps.state();
    const task = s.heldTasks.find((t) => t.flight.flightId === field(data, 'flight_id'));
    if (!task) return SIM_CODES.unknownFlight;
    if (!canFly(s)) return SIM_CODES.busy;
    if (!conditionsHold(task, s, deps.now())) return SIM_CODES.notReady;
    if (s.battery < MIN_BATTERY) return SIM_CODES.lowBattery;
    s.heldTasks = s.heldTasks.filter((t) => t !== task);
    s.flight = task.flight;
    void fetchAndLoad(task.flight);
    return 0;
  }

  /** `flighttask_undo`: drops held tasks; one already flying cannot be undone. */
  function undo(data: unknown): number {
    const s = deps.state();
    const ids = field(data, 'flight_ids');
    if (!Array.isArray(ids) || ids.length === 0) return SIM_CODES.unknownFlight;
    if (s.flight && ids.includes(s.flight.flightId)) return SIM_CODES.busy;
    const before = s.heldTasks.length;
    s.heldTasks = s.heldTasks.filter((t) => !ids.includes(t.flight.flightId));
    return s.heldTasks.length < before ? 0 : SIM_CODES.unknownFlight;
  }

  /** Pause, resume and return home of the dock's flight in progress. */
  function control(method: string): number {
    const flight = deps.state().flight;
    if (!flight) return SIM_CODES.unknownFlight;
    if (flight.status !== 'in_progress' && flight.status !== 'paused') return SIM_CODES.busy;
    if (method === 'flighttask_pause') flight.status = 'paused';
    else if (method === 'flighttask_recovery') flight.status = 'in_progress';
    else flight.goHome = true;
    return 0;
  }

  function service(method: string, data: unknown): number | null {
    const drc = deps.drc?.(method, data);
    if (drc != null) return drc;
    switch (method) {
      case 'flighttask_prepare':
        return prepare(data);
      case 'flighttask_execute':
        return execute(data);
      case 'flighttask_undo':
        return undo(data);
      case 'flighttask_pause':
      case 'flighttask_recovery':
      case 'return_home':
        return control(method);
      case 'ai_model_deploy':
        return models.service(data);
      case 'ai_model_undeploy':
        return models.undeploy(data);
      case 'live_start_push':
      case 'live_stop_push':
      case 'live_set_quality':
      case 'live_lens_change':
        return live.service(method, data);
      default:
        return null;
    }
  }

  return {
    /** One message on the dock's `services` or `requests_reply` topic. */
    handle(topic: string, payload: Uint8Array): void {
      const parsed = parseTopic(topic);
      let body: Body;
      try {
        body = JSON.parse(Buffer.from(payload).toString('utf8')) as Body;
      } catch {
        return;
      }
      if (parsed?.family !== 'thing' || typeof body.method !== 'string') return;
      if (parsed.kind === 'requests_reply') {
        const tid = typeof body.tid === 'string' ? body.tid : '';
        waiting.get(tid)?.(body.data);
        waiting.delete(tid);
        return;
      }
      if (parsed.kind !== 'services') return;
      const result = service(body.method, body.data);
      // Methods this dock does not know go unanswered here: other services are not simulated.
      if (result === null) return;
      send('services_reply', {
        tid: body.tid,
        bid: body.bid,
        method: body.method,
        data: { result },
      });
    },
  };
}

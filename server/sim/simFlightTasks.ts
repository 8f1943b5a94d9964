/**
 * The flight task services of a simulated dock: it holds or refuses `flighttask_prepare` as a real
 * dock would (see `heldTasks`), flies a held task on `flighttask_execute`, drops held tasks on
 * `flighttask_undo`, and pauses, resumes or calls home the task in flight. Each answers 0 or the code
 * a real dock refuses with.
 */
import { canFly, conditionsHold, readyConditionsOf } from './heldTasks.ts';
import { field, textField } from './payloadField.ts';
import { SIM_CODES } from './simTaskCodes.ts';
import type { UnitState } from './unitState.ts';
import { preparedFlight } from './waylineFlight.ts';
import type { WaylineFlight } from './waylineFlight.ts';

/** An immediate task whose `execute_time` is further than this from the dock's clock is refused. */
const IMMEDIATE_SKEW_MS = 30_000;
/** Below this battery, % the dock refuses to take off. */
const MIN_BATTERY = 35;
/** Most tasks a dock holds prepared at once. */
const MAX_HELD = 16;

/** What the flight task services reach of their dock. */
export interface FlightTaskDock {
  state: () => UnitState;
  now: () => number;
  /** Gets and reads the file of a flight that starts now, in the background. */
  load: (flight: WaylineFlight) => void;
}

/**
 * `flighttask_prepare`: the dock takes the task and holds it. An immediate task must be able to
 * fly at once; a timed or conditional one is held whatever the dock is doing now (protocol §6.6:
 * only a second *execute* is refused while a task flies).
 */
export function prepareTask(dock: FlightTaskDock, data: unknown): number {
  const s = dock.state();
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
    if (!(Math.abs(executeTime - dock.now()) <= IMMEDIATE_SKEW_MS)) return SIM_CODES.timeOff;
  }
  if (s.heldTasks.length >= MAX_HELD) return SIM_CODES.busy;
  s.heldTasks.push({
    flight: preparedFlight(flightId, textField(field(data, 'file'), 'fingerprint')),
    taskType,
    executeTime: Number.isFinite(executeTime) ? executeTime : dock.now(),
    conditions,
    readySentAt: null,
  });
  return 0;
}

/** `flighttask_execute` of a held task: refused while another flies or its conditions do not hold. */
export function executeTask(dock: FlightTaskDock, data: unknown): number {
  const s = dock.state();
  const task = s.heldTasks.find((t) => t.flight.flightId === field(data, 'flight_id'));
  if (!task) return SIM_CODES.unknownFlight;
  if (!canFly(s)) return SIM_CODES.busy;
  if (!conditionsHold(task, s, dock.now())) return SIM_CODES.notReady;
  if (s.battery < MIN_BATTERY) return SIM_CODES.lowBattery;
  s.heldTasks = s.heldTasks.filter((t) => t !== task);
  s.flight = task.flight;
  dock.load(task.flight);
  return 0;
}

/** `flighttask_undo`: drops held tasks; one already flying cannot be undone. */
export function undoTasks(dock: FlightTaskDock, data: unknown): number {
  const s = dock.state();
  const ids = field(data, 'flight_ids');
  if (!Array.isArray(ids) || ids.length === 0) return SIM_CODES.unknownFlight;
  if (s.flight && ids.includes(s.flight.flightId)) return SIM_CODES.busy;
  const before = s.heldTasks.length;
  s.heldTasks = s.heldTasks.filter((t) => !ids.includes(t.flight.flightId));
  return s.heldTasks.length < before ? 0 : SIM_CODES.unknownFlight;
}

/** Pause, resume and return home of the dock's flight in progress. */
export function controlFlight(dock: FlightTaskDock, _data: unknown, method: string): number {
  const flight = dock.state().flight;
  if (!flight) return SIM_CODES.unknownFlight;
  if (flight.status !== 'in_progress' && flight.status !== 'paused') return SIM_CODES.busy;
  if (method === 'flighttask_pause') flight.status = 'paused';
  else if (method === 'flighttask_recovery') flight.status = 'in_progress';
  else flight.goHome = true;
  return 0;
}

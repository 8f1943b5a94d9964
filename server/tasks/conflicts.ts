import { DRC_HEARTBEAT_TIMEOUT_S } from '../../protocol/drc.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { aircraftFit, dockAircraftKey, modelWords } from './aircraftFit.ts';
import { FLYING_STATES, sqlList } from './executionStates.ts';

/** Why a flight cannot be sent now: a message key of the server catalogue. */
export type ConflictReason =
  | 'task.dock_offline'
  | 'task.dock_busy'
  | 'task.battery_below'
  | 'task.drc_held'
  | 'task.model_mismatch'
  | 'task.airspace_no_fly'
  | 'task.airspace_outside_operation';

export interface Conflict {
  reason: ConflictReason;
  /** What the message names (the pilot, the battery and the floor). */
  params?: Record<string, string | number>;
}

/**
 * Whether another run of the dock is flying or about to: in the air, its execute sent, or due to
 * execute now. Protocol §6.6: a dock holds several prepared tasks (timed ones up to a day ahead) and
 * refuses only a new *execute* while one runs, so a run prepared for later, or a conditional run still
 * waiting for its conditions, leaves the dock free. Of two runs due at the same moment, the one
 * claimed first (lower id) goes.
 */
async function busyWith(
  db: Db,
  dockSn: string,
  executionId: number,
  nowMs: number,
): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    `select x.id from flight_task_executions x join flight_tasks t on t.id = x.task_id
     where x.dock_sn = $1 and x.id <> $2 and (
       x.state in (${sqlList(FLYING_STATES)})
       or (x.state in ('dispatching', 'prepared') and x.execute_sent_at is not null)
       or (x.state = 'prepared' and x.ready_at is not null and x.undo_sent_at is null)
       or (x.state in ('dispatching', 'prepared') and t.schedule_kind <> 'conditional'
           and x.planned_at <= $3 and x.id < $2 and x.undo_sent_at is null))
     limit 1`,
    [dockSn, executionId, new Date(nowMs)],
  );
  return row !== undefined;
}

/**
 * The name of the task a dock is busy with for a task that would fly at once, or null when it is
 * free: the same runs `busyWith` counts (flying, execute sent, conditionally ready, due now and
 * not withdrawn), plus an immediate task not yet turned into a run (the engine claims it on its
 * next round). `exceptTaskId`: the task being changed, whose own runs do not count.
 */
export async function dockBusyWith(
  db: Db,
  dockSn: string,
  nowMs: number,
  exceptTaskId = 0,
): Promise<string | null> {
  const row = await queryOne<{ name: string }>(
    db,
    `select t.name from flight_task_executions x join flight_tasks t on t.id = x.task_id
     where x.dock_sn = $1 and x.task_id <> $3 and (
       x.state in (${sqlList(FLYING_STATES)})
       or (x.state in ('dispatching', 'prepared') and x.execute_sent_at is not null)
       or (x.state = 'prepared' and x.ready_at is not null and x.undo_sent_at is null)
       or (x.state in ('pending', 'dispatching', 'prepared') and t.schedule_kind <> 'conditional'
           and x.planned_at <= $2 and x.undo_sent_at is null))
     union all
     select name from flight_tasks
     where dock_sn = $1 and id <> $3 and state = 'active' and schedule_kind = 'immediate'
       and next_run_at is not null
     limit 1`,
    [dockSn, new Date(nowMs), exceptTaskId],
  );
  return row?.name ?? null;
}

/**
 * Whether the dock's aircraft is still the model the run's route was planned for: a dock's aircraft
 * can be swapped between a task's creation (where the same check refused a mismatch) and its run.
 * A route of an unknown model passes here: only a user allowed to had it accepted, on record.
 */
async function modelConflict(db: Db, dockSn: string, routeModel: string): Promise<Conflict | null> {
  const fit = aircraftFit(routeModel, await dockAircraftKey(db, dockSn));
  if (fit.kind !== 'mismatch') return null;
  // What messages call a dock: its name, or its serial number when it has none.
  const dock = await queryOne<{ label: string }>(
    db,
    `select coalesce(nullif(name, ''), device_sn) as label from devices where device_sn = $1`,
    [dockSn],
  );
  return {
    reason: 'task.model_mismatch',
    params: {
      route: modelWords(fit.route),
      aircraft: modelWords(fit.aircraft),
      dock: dock?.label ?? dockSn,
    },
  };
}

/**
 * The pilot holding the dock's aircraft in DRC, if any: a session of `drc_sessions` (server/drc,
 * migration 0600) still valid and still beating — the same rule by which the DRC service lets
 * nobody else take the dock.
 */
export async function drcHolder(db: Db, dockSn: string, nowMs: number): Promise<string | null> {
  const row = await queryOne<{ username: string }>(
    db,
    `select username from drc_sessions
     where dock_sn = $1 and expires_at > $2 and last_heartbeat > $3`,
    [dockSn, new Date(nowMs), new Date(nowMs - DRC_HEARTBEAT_TIMEOUT_S * 1000)],
  );
  return row?.username ?? null;
}

/**
 * The aircraft battery below which a run is refused before it is sent: the server's floor for runs
 * that fly at a set time. A conditional run has none here: its battery threshold travels in
 * `ready_conditions`, and the dock, charging its aircraft, answers `flighttask_ready` only once the
 * battery reaches it (or the window closes and the run expires with "conditions not met").
 */
export function batteryFloor(schedule: { kind: string }, serverMin: number): number {
  return schedule.kind === 'conditional' ? 0 : serverMin;
}

/**
 * What stands in the way of sending a run's `flighttask_prepare`: the dock offline, its aircraft not
 * the model the route was planned for, a pilot holding its aircraft in DRC, (for a run that flies at once) another flight of the dock going, or the
 * aircraft last reported below `floor` %. A battery never reported is left to the dock, which refuses
 * a take-off it cannot make.
 */
export async function dispatchConflict(
  db: Db,
  run: {
    dockSn: string;
    executionId: number;
    floor: number;
    fliesNow: boolean;
    /** The route's `drone_model_key`. */
    routeModel: string;
  },
  nowMs: number,
): Promise<Conflict | null> {
  const dock = await queryOne<{ online: boolean }>(
    db,
    'select online from devices where device_sn = $1',
    [run.dockSn],
  );
  if (!dock?.online) return { reason: 'task.dock_offline' };
  const model = await modelConflict(db, run.dockSn, run.routeModel);
  if (model) return model;
  const pilot = await drcHolder(db, run.dockSn, nowMs);
  if (pilot !== null) return { reason: 'task.drc_held', params: { user: pilot } };
  if (run.fliesNow && (await busyWith(db, run.dockSn, run.executionId, nowMs)))
    return { reason: 'task.dock_busy' };
  const battery = await queryOne<{ battery_percent: number | null }>(
    db,
    `select t.battery_percent from device_tracks t
     join devices d on d.device_sn = t.device_sn
     where d.gateway_sn = $1 and d.domain = 0 and t.battery_percent is not null
     order by t.ts desc limit 1`,
    [run.dockSn],
  );
  if (battery?.battery_percent != null && battery.battery_percent < run.floor)
    return {
      reason: 'task.battery_below',
      params: { battery: Math.round(battery.battery_percent), min: run.floor },
    };
  return null;
}

/**
 * What stands in the way of a prepared run's `flighttask_execute` when its time (or its conditions)
 * came: a pilot holding the aircraft in DRC, or another flight of the dock going.
 */
export async function executeConflict(
  db: Db,
  dockSn: string,
  executionId: number,
  nowMs: number,
): Promise<Conflict | null> {
  const pilot = await drcHolder(db, dockSn, nowMs);
  if (pilot !== null) return { reason: 'task.drc_held', params: { user: pilot } };
  if (await busyWith(db, dockSn, executionId, nowMs)) return { reason: 'task.dock_busy' };
  return null;
}

import type { Db } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import type { Notifier } from '../notifications/Notifier.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import type { DeviceLink } from './DeviceLink.ts';
import type { RunUpdate } from '../../protocol/tasks.ts';

/** Publishes one run update on one topic (the server's own broker connection; runAnnounce.ts). */
export type RunPublish = (topic: string, update: RunUpdate) => void;

/** What every part of the engine works with. */
export interface EngineContext {
  db: Db;
  link: DeviceLink;
  log: Log;
  now: () => number;
  /** The signed link a dock downloads this flight's KMZ from. */
  fileUrl: (flightId: string) => string;
  /** Aircraft battery below which a flight is refused, %. */
  minBattery: number;
  /** This engine among the server's instances: the name its claims on executions carry. */
  instanceId: string;
  /** An instance silent for longer than this has lost its claims, ms. */
  claimTtlMs: number;
  /** Where the routes' KMZ files are: a finished run is judged against its route (runFacts.ts). */
  storage?: ObjectStore;
  /** Told of runs that end other than as planned (default: nobody). */
  notifier: Notifier;
  /** Where each change of a run is pushed to the consoles (runAnnounce.ts); none: not pushed. */
  publishRun?: RunPublish;
}

/** An execution joined with what sending it needs from its task and wayline. */
export interface ExecutionRow {
  id: number;
  task_id: number;
  flight_id: string;
  dock_sn: string;
  planned_at: Date;
  state: string;
  task_name: string;
  schedule: { kind: string; battery?: number; begin?: number; end?: number; at?: number };
  rth_altitude: number;
  out_of_control_action: number;
  exit_wayline_when_rc_lost: number;
  wayline_precision_type: number;
  creator_id: number | null;
  creator_name: string;
  md5: string;
  /** The aircraft model the route was planned for (`domain-type-sub_type`). */
  drone_model_key: string;
  waypoint_count: number;
  duration_s: number;
  started_at: Date | null;
  percent: number;
  current_step: number | null;
  current_waypoint: number;
  /** The engine instance following this flight (null before it is sent). */
  claimed_by: string | null;
}

/** Select list of `ExecutionRow` over `flight_task_executions e`. */
export const EXECUTION_SELECT = `
  select e.id, e.task_id, e.flight_id, e.dock_sn, e.planned_at, e.state, e.started_at,
    e.percent, e.current_step, e.current_waypoint, e.claimed_by,
    t.name as task_name, t.schedule, t.rth_altitude, t.out_of_control_action,
    t.exit_wayline_when_rc_lost, t.wayline_precision_type, t.creator_id, t.creator_name,
    w.md5, w.drone_model_key, w.waypoint_count, w.duration_s
  from flight_task_executions e
  join flight_tasks t on t.id = e.task_id
  join waylines w on w.id = t.wayline_id`;

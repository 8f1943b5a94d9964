/**
 * The flight-task contract: API paths, the schedule shapes a task is created with, and the rows the
 * list and detail calls answer. Execution states use the `flighttask_progress` status vocabulary
 * (protocol §4.2) plus the engine's own steps before the dock has the task.
 */

/** Routes of the task engine. */
export const TASK_API = {
  list: '/api/task/list',
  info: '/api/task/info',
  /**
   * One run's row with the engine's log (`TaskExecutionDetail`): an older path, answered from the
   * same read as `subtask`, for clients written against it.
   */
  execution: '/api/task/execution',
  add: '/api/task/add',
  /** Changes a task that has no run under way; its schedule is planned again. */
  edit: '/api/task/edit',
  cancel: '/api/task/cancel',
  del: '/api/task/del',
  pause: '/api/task/pause',
  resume: '/api/task/resume',
  returnHome: '/api/task/return_home',
  /** One execution (subtask) with its timeline, flown track, planned route and key figures. */
  subtask: '/api/task/subtask',
  /** Public, signed: where a dock downloads the KMZ of a flight (`flighttask_resource_get`). */
  file: '/api/task/file',
} as const;

export const SCHEDULE_KINDS = ['immediate', 'timed', 'recurring', 'conditional'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** When a task runs. Times are ms since the epoch; `times` are `HH:MM` in the server's time zone. */
export type TaskSchedule =
  | { kind: 'immediate' }
  | { kind: 'timed'; at: number }
  | {
      kind: 'recurring';
      /** 0 = Sunday … 6 = Saturday. */
      days: number[];
      times: string[];
      from: number;
      to: number;
    }
  | {
      kind: 'conditional';
      /** Minimum aircraft battery, %. */
      battery: number;
      begin: number;
      end: number;
    };

/**
 * The server-owned MQTT topic each run's state and progress is pushed on, one per workspace: a run is
 * announced on its task's workspace and on every workspace above it, so a console subscribes to its
 * own workspace only and hears every run in its scope (the broker refuses any other workspace).
 */
export const runTopic = (workspaceId: number): string =>
  `skydeck/workspace/${String(workspaceId)}/runs`;

/** Every workspace's run topic, as a subscription filter (the server relays them). */
export const runTopicFilter = 'skydeck/workspace/+/runs';

const RUN_TOPIC = /^skydeck\/workspace\/([1-9][0-9]{0,9})\/runs$/;

/** The workspace of a run topic; null for any other topic. */
export function parseRunTopic(topic: string): number | null {
  const match = RUN_TOPIC.exec(topic);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/**
 * One run's state and progress as pushed on {@link runTopic}. Words that depend on the reader's
 * language (the reason, the verdict) are not pushed: a page reads them once the run has ended.
 */
export interface RunUpdate {
  id: number;
  task_id: number;
  workspace_id: number;
  flight_id: string;
  dock_sn: string;
  state: string;
  percent: number;
  current_waypoint: number;
  total_waypoints: number;
  /** Media the dock reported for the flight; null when it said nothing. */
  media_count: number | null;
  result_code: number;
  started_at: string | null;
  ended_at: string | null;
  /** Expected end, ms since the epoch; null before take-off or once ended. */
  eta: number | null;
  /** When the server announced it, ms since the epoch (a later update wins). */
  at: number;
}

/** Execution states that are final. */
export const FINAL_STATES = [
  'ok',
  'failed',
  'canceled',
  'timeout',
  'rejected',
  'refused',
  'partially_done',
] as const;

/** What `add` takes: the `flighttask_prepare` fields a user chooses. */
export interface TaskInput {
  workspace_id: number;
  name: string;
  wayline_id: number;
  dock_sn: string;
  schedule: TaskSchedule;
  /** 20–1500 m. */
  rth_altitude: number;
  /** 0 return home, 1 hover, 2 land. */
  out_of_control_action: number;
  /** 0 keep flying the wayline, 1 exit it and do the RC-lost action. */
  exit_wayline_when_rc_lost: number;
  /** 0 GPS, 1 RTK. */
  wayline_precision_type: number;
  /**
   * Accept a route whose aircraft model the server does not know (it cannot check the route against
   * the dock's aircraft); only for callers allowed to (`task:override_model`), and audited.
   */
  confirm_unknown_model?: boolean;
  /**
   * Fly a route that enters a no-fly area or leaves the operation areas of the project; only for
   * callers allowed to (`airspace:override`), and audited.
   */
  override_airspace?: boolean;
}

/** What `edit` takes: the task and its new settings (its project stays). */
export interface TaskEdit extends Omit<TaskInput, 'workspace_id'> {
  id: number;
}

/** One run of a task: one flight. */
export interface TaskExecution {
  id: number;
  task_id: number;
  flight_id: string;
  dock_sn: string;
  planned_at: string;
  state: string;
  percent: number;
  current_step: number | null;
  current_waypoint: number;
  total_waypoints: number;
  break_point: Record<string, unknown> | null;
  /** Why it was refused or failed (a readable message), empty otherwise. */
  reason: string;
  result_code: number;
  started_at: string | null;
  ended_at: string | null;
  /**
   * What the run achieved, judged from what the aircraft did when it ended. Null while it runs, for
   * runs that never took off, and for runs that ended before runs were judged: those show `state`.
   */
  verdict?: TaskRunVerdict | null;
}

/** Judgements of a finished run. */
export const RUN_RESULTS = ['complete', 'partial', 'failed'] as const;
export type RunResult = (typeof RUN_RESULTS)[number];

/**
 * Why a run stopped short (`reason_params.cause` of a verdict): a user's return home or stop, what
 * the aircraft's break point names, or what the dock's final status says.
 */
export const RUN_CAUSES = [
  'user_rth',
  'user_stop',
  'low_battery',
  'strong_wind',
  'rc_lost',
  'obstacle',
  'flight_limit',
  'break_code',
  'dock_failed',
  'dock_partial',
  'dock_timeout',
  'canceled',
] as const;
export type RunCause = (typeof RUN_CAUSES)[number];

/**
 * A verdict's reason (`reason_key`), with the parameters each carries in `reason_params`:
 * `complete` {total}; `returned_early`, `stopped_early` {reached, total, cause}; `ended_early`
 * {reached, total}; `none_reached` {}; `no_waypoint` {cause}; `waypoint_missed` {index, distance_m}
 * and `waypoint_missed_cause` with {cause}; `photos_short` {planned, taken}; `dock_ended` {total,
 * cause}. A `cause` may bring `user` (who ordered it) or `code` (the break or result code).
 */
export const VERDICT_REASONS = [
  'run.complete',
  'run.returned_early',
  'run.stopped_early',
  'run.ended_early',
  'run.none_reached',
  'run.no_waypoint',
  'run.waypoint_missed',
  'run.waypoint_missed_cause',
  'run.photos_short',
  'run.dock_ended',
] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];

/** A finished run's verdict: waypoints reached, photos taken and, when short, why. */
export interface TaskRunVerdict {
  /**
   * `complete`: every waypoint reached and every planned photo taken, and the dock said `ok`;
   * `partial`: some of the route was flown; `failed`: not one waypoint was reached.
   */
  result: RunResult;
  /** Reached in flying order, counted from the first. */
  waypoints_reached: number;
  waypoints_total: number;
  /** Media the dock reported for the flight; null when it reported no count. */
  photos_taken: number | null;
  /** Photos the route's waypoint actions take; null when the route file could not be read. */
  photos_planned: number | null;
  /** The reason in the caller's language, e.g. "返航于航点 2 / 4（用户下令返航）". */
  reason: string;
  /**
   * The reason's message key (one of {@link VERDICT_REASONS}; a newer server may add others) and
   * its parameters (`cause` is one of {@link RUN_CAUSES}).
   */
  reason_key: string;
  reason_params: Record<string, string | number>;
}

/** A task row as the list shows it. */
export interface FlightTask extends Omit<TaskInput, 'schedule' | 'wayline_id'> {
  id: number;
  /** Null once the wayline was deleted (only possible when no run is pending). */
  wayline_id: number | null;
  schedule: TaskSchedule;
  wayline_name: string;
  state: 'active' | 'finished' | 'canceled';
  next_run_at: string | null;
  creator_name: string;
  created_at: string;
  /** The newest execution, if any: last result and live progress. */
  last: TaskExecution | null;
}

/** A task with all its executions. */
export interface FlightTaskDetail extends FlightTask {
  executions: TaskExecution[];
}

/** One entry of an execution's timeline. */
export interface TaskEvent {
  id: number;
  ts: string;
  kind: string;
  data: Record<string, unknown>;
}

/** An execution with its timeline. */
export interface TaskExecutionDetail extends TaskExecution {
  events: TaskEvent[];
}

/** Kinds of a subtask's timeline entries, in words on the subtask page. */
export const SUBTASK_EVENT_KINDS = [
  'dispatch',
  'refused',
  'prepare',
  'ready',
  'execute',
  'takeoff',
  'waypoint',
  'photo',
  'pause',
  'resume',
  'return_home',
  'cancel',
  'alarm',
  'timeout',
  'expired',
  'landing',
  'result',
] as const;
export type SubtaskEventKind = (typeof SUBTASK_EVENT_KINDS)[number];

/** One entry of a flight's timeline: what happened, when, and who or what said so. */
export interface SubtaskEvent {
  ts: string;
  kind: SubtaskEventKind;
  /** 0-based waypoint (`waypoint`). */
  waypoint?: number;
  /** The user who asked (`pause`, `resume`, `return_home`, `cancel`). */
  username?: string;
  /** Dock reply code of a service, or the flight's result code. */
  code?: number;
  latency_ms?: number;
  /** Final state (`result`, `landing`). */
  state?: string;
  /**
   * HMS code, level and text in the caller's language (`alarm`; no text when the table has none);
   * the reason in words (`refused`, `expired`).
   */
  hms_code?: string;
  level?: number;
  text?: string;
  /** Where (`photo`, `takeoff`, `landing`), when known. */
  lat?: number;
  lon?: number;
}

/** One point of the flown track. */
export interface SubtaskTrackPoint {
  /** ms since the epoch. */
  t: number;
  lat: number;
  lon: number;
  /** m above the take-off point, when reported. */
  height: number | null;
}

/** One planned waypoint. */
export interface SubtaskRoutePoint {
  lat: number;
  lon: number;
  /** m, in the route's height mode. */
  height: number;
}

/** What the subtask page shows at the top and the report prints. */
export interface SubtaskFigures {
  /** Take-off to landing (or to now in flight), s; null before take-off. */
  duration_s: number | null;
  /** Along the flown track, m. */
  distance_m: number;
  waypoints_done: number;
  waypoints_total: number;
  photos: number;
  alarms: number;
}

/** Answer of `subtask`: one flight and everything the subtask page and its report show. */
export interface SubtaskDetail {
  execution: TaskExecution;
  task: FlightTask;
  wayline: {
    id: number;
    name: string;
    template_type: string;
    waypoint_count: number;
    length_m: number;
    duration_s: number;
  } | null;
  /** The dock's aircraft, whose track and alarms these are. */
  aircraft_sn: string | null;
  timeline: SubtaskEvent[];
  /** The engine's own log of the run (services sent with their replies, the dock's progress). */
  events: TaskEvent[];
  track: SubtaskTrackPoint[];
  /** Planned waypoints from the stored KMZ; empty when the file is gone or unreadable. */
  route: SubtaskRoutePoint[];
  figures: SubtaskFigures;
}

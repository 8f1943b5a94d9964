/**
 * The flight-task contract: API paths, the schedule shapes a task is created with, and the rows the
 * list and detail calls answer. Execution states use the `flighttask_progress` status vocabulary
 * (protocol §4.2) plus the engine's own steps before the dock has the task.
 */

/** Routes of the task engine. */
export const TASK_API = {
  list: '/api/task/list',
  info: '/api/task/info',
  execution: '/api/task/execution',
  add: '/api/task/add',
  cancel: '/api/task/cancel',
  del: '/api/task/del',
  pause: '/api/task/pause',
  resume: '/api/task/resume',
  returnHome: '/api/task/return_home',
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

import type { FastifyRequest } from 'fastify';
import type { FlightTask, TaskExecution } from '../../../protocol/tasks.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { message, pickLang } from '../messages.ts';
import type { Lang, MessageKey } from '../messages.ts';

export const EXECUTION_COLUMNS = `x.id, x.task_id, x.flight_id, x.dock_sn, x.planned_at, x.state,
  x.percent, x.current_step, x.current_waypoint, x.total_waypoints, x.break_point, x.reason,
  x.result_code, x.reason_params, x.started_at, x.ended_at`;

/** Select producing a `TaskRow`: the task, its wayline's name and its newest execution. */
export const TASK_SELECT = `
  select t.id, t.workspace_id, t.name, t.wayline_id, coalesce(w.name, '') as wayline_name, t.dock_sn, t.schedule,
    t.rth_altitude, t.out_of_control_action, t.exit_wayline_when_rc_lost, t.wayline_precision_type,
    t.state, t.next_run_at, t.creator_name, t.created_at, to_jsonb(last) as last
  from flight_tasks t
  left join waylines w on w.id = t.wayline_id
  left join lateral (
    select ${EXECUTION_COLUMNS} from flight_task_executions x where x.task_id = t.id
    order by x.planned_at desc, x.id desc limit 1
  ) last on true`;

export interface ExecutionRow {
  id: number;
  task_id: number;
  flight_id: string;
  dock_sn: string;
  planned_at: Date | string;
  state: string;
  percent: number;
  current_step: number | null;
  current_waypoint: number;
  total_waypoints: number;
  break_point: Record<string, unknown> | null;
  reason: string;
  result_code: number;
  /** Parameters of `reason` beyond the result code (the pilot, the battery). */
  reason_params: Record<string, string | number> | null;
  started_at: Date | string | null;
  ended_at: Date | string | null;
}

export interface TaskRow extends Omit<FlightTask, 'next_run_at' | 'created_at' | 'last'> {
  next_run_at: Date | null;
  created_at: Date;
  last: ExecutionRow | null;
}

// Rows read through `to_jsonb` carry times as text; plain rows as `Date`.
const iso = (t: Date | string | null): string | null =>
  t === null ? null : new Date(t).toISOString();

const REASONS: ReadonlySet<string> = new Set([
  'task.dock_offline',
  'task.dock_busy',
  'task.battery_low',
  'task.battery_below',
  'task.drc_held',
  'task.no_reply',
  'task.device_error',
  'task.dock_silent',
  'task.condition_unmet',
  'task.undo_refused',
  'task.undo_no_reply',
  'task.model_mismatch',
]);

/** A stored reason (a message key) in `lang`, its parameters filled; anything else as stored. */
export function reasonText(
  reason: string,
  lang: Lang,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return REASONS.has(reason) ? message(reason as MessageKey, lang, params) : reason;
}

/** An execution as the API answers it, its reason in the caller's language. */
export function toExecution(request: FastifyRequest, row: ExecutionRow): TaskExecution {
  const lang = pickLang(request.headers['accept-language']);
  const { reason_params: params, ...rest } = row;
  const reason = reasonText(row.reason, lang, { ...params, code: row.result_code });
  return {
    ...rest,
    planned_at: iso(row.planned_at) ?? '',
    started_at: iso(row.started_at),
    ended_at: iso(row.ended_at),
    reason,
  };
}

/** A task row as the API answers it. */
export function toTask(request: FastifyRequest, row: TaskRow): FlightTask {
  return {
    ...row,
    next_run_at: row.next_run_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    last: row.last ? toExecution(request, row.last) : null,
  };
}

/** One task the caller may see, or 404 (missing and out of scope alike). */
export async function scopedTask(db: Db, caller: Caller, taskId: number): Promise<TaskRow> {
  const row = await queryOne<TaskRow>(db, `${TASK_SELECT} where t.id = $1`, [taskId]);
  if (!row || !(await caller.scope()).includes(row.workspace_id))
    throw new ApiError(404, 'not_found.task');
  return row;
}

import type { FastifyRequest } from 'fastify';
import { RUN_CAUSES, VERDICT_REASONS } from '../../../protocol/tasks.ts';
import type {
  FlightTask,
  RunResult,
  TaskExecution,
  TaskRunVerdict,
} from '../../../protocol/tasks.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { message, pickLang } from '../messages.ts';
import type { Lang, MessageKey } from '../messages.ts';

export const EXECUTION_COLUMNS = `x.id, x.task_id, x.flight_id, x.dock_sn, x.planned_at, x.state,
  x.percent, x.current_step, x.current_waypoint, x.total_waypoints, x.break_point, x.reason,
  x.result_code, x.reason_params, x.started_at, x.ended_at, x.verdict, x.verdict_reason,
  x.verdict_params, x.waypoints_reached, x.photos_taken, x.photos_planned`;

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
  /** The verdict of a finished run (migration 0975); null when not judged. */
  verdict: RunResult | null;
  verdict_reason: string | null;
  verdict_params: Record<string, string | number> | null;
  waypoints_reached: number | null;
  photos_taken: number | null;
  photos_planned: number | null;
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
  'task.airspace_no_fly',
  'task.airspace_outside_operation',
]);

/** A stored reason (a message key) in `lang`, its parameters filled; anything else as stored. */
export function reasonText(
  reason: string,
  lang: Lang,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return REASONS.has(reason) ? message(reason as MessageKey, lang, params) : reason;
}

const VERDICT_KEYS: ReadonlySet<string> = new Set(VERDICT_REASONS);
const CAUSES: ReadonlySet<string> = new Set(RUN_CAUSES);

/** A distance in metres as words: metres below a kilometre, kilometres to one decimal above. */
function distanceText(metres: number, lang: Lang): string {
  return metres < 1_000
    ? message('run.distance_m', lang, { value: Math.round(metres) })
    : message('run.distance_km', lang, { value: (metres / 1_000).toFixed(1) });
}

/** Why a run stopped short (`run.cause.*`), naming the user who ordered it when known. */
function causeText(params: Readonly<Record<string, string | number>>, lang: Lang): string {
  const cause = String(params.cause);
  if (!CAUSES.has(cause)) return cause;
  const key = `run.cause.${cause}${params.user && cause.startsWith('user_') ? '_by' : ''}`;
  return message(key as MessageKey, lang, params);
}

/** A verdict's reason (`run.*`) in `lang`, its cause and distance in words; anything else as stored. */
export function verdictText(
  reason: string,
  lang: Lang,
  params: Readonly<Record<string, string | number>> = {},
): string {
  if (!VERDICT_KEYS.has(reason)) return reason;
  const filled: Record<string, string | number> = { ...params };
  if (params.cause !== undefined) filled.cause = causeText(params, lang);
  if (typeof params.distance_m === 'number')
    filled.distance = distanceText(params.distance_m, lang);
  return message(reason as MessageKey, lang, filled);
}

/** The verdict columns of a row as the API answers them; null for a run not judged. */
function toVerdict(row: ExecutionRow, lang: Lang): TaskRunVerdict | null {
  if (!row.verdict || !row.verdict_reason) return null;
  const params = row.verdict_params ?? {};
  return {
    result: row.verdict,
    waypoints_reached: row.waypoints_reached ?? 0,
    waypoints_total: row.total_waypoints,
    photos_taken: row.photos_taken,
    photos_planned: row.photos_planned,
    reason: verdictText(row.verdict_reason, lang, params),
    reason_key: row.verdict_reason,
    reason_params: params,
  };
}

/** An execution as the API answers it, its reason and verdict in the caller's language. */
export function toExecution(request: FastifyRequest, row: ExecutionRow): TaskExecution {
  const lang = pickLang(request.headers['accept-language']);
  return {
    id: row.id,
    task_id: row.task_id,
    flight_id: row.flight_id,
    dock_sn: row.dock_sn,
    planned_at: iso(row.planned_at) ?? '',
    state: row.state,
    percent: row.percent,
    current_step: row.current_step,
    current_waypoint: row.current_waypoint,
    total_waypoints: row.total_waypoints,
    break_point: row.break_point,
    reason: reasonText(row.reason, lang, { ...row.reason_params, code: row.result_code }),
    result_code: row.result_code,
    started_at: iso(row.started_at),
    ended_at: iso(row.ended_at),
    verdict: toVerdict(row, lang),
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

/**
 * One run the caller may see, with its task; 404 `not_found.execution` when missing or out of scope
 * alike. The one read behind every single-run answer (`subtask`, and `execution` kept for callers).
 */
export async function scopedRun(
  db: Db,
  caller: Caller,
  runId: number,
): Promise<{ run: ExecutionRow; task: TaskRow }> {
  const run = await queryOne<ExecutionRow>(
    db,
    `select ${EXECUTION_COLUMNS} from flight_task_executions x where x.id = $1`,
    [runId],
  );
  if (!run) throw new ApiError(404, 'not_found.execution');
  // Out of scope reads as missing, like every other record.
  const task = await scopedTask(db, caller, run.task_id).catch(() => {
    throw new ApiError(404, 'not_found.execution');
  });
  return { run, task };
}

/** Reads of the stored AI alarms, always within a list of workspaces. */
import type {
  AiAlarm,
  AiAlarmComment,
  AiAlarmHistoryEntry,
  AiAlarmStats,
  AiAlarmStatus,
  AiBox,
} from '../../../protocol/aiAlarms.ts';
import { OPEN_STATUSES } from '../../../protocol/aiAlarms.ts';
import type { Db } from '../../db/Db.ts';
import { signedSnapshotPath } from '../../ai/snapshotLink.ts';
import type { AlarmFilter } from './aiAlarmSchemas.ts';

export const ALARM_SELECT = `
  select a.id, a.workspace_id, a.device_sn, coalesce(d.name, a.device_sn) as device_name,
         a.event_id, a.category, a.confidence, a.level, a.box, a.latitude, a.longitude,
         a.payload_index, a.task_id, t.name as task_name, a.execution_id, x.flight_id, a.status,
         a.assignee_id, u.username as assignee_name, a.note, a.snapshot_key, a.raised_at, a.updated_at
  from ai_alarms a
  left join devices d on d.device_sn = a.device_sn
  left join flight_tasks t on t.id = a.task_id
  left join flight_task_executions x on x.id = a.execution_id
  left join users u on u.id = a.assignee_id`;

export interface AlarmRow extends Omit<
  AiAlarm,
  'raised_at' | 'updated_at' | 'snapshot_url' | 'box'
> {
  box: AiBox | null;
  snapshot_key: string | null;
  raised_at: Date;
  updated_at: Date;
}

/** The row as the API answers it, with a fresh signed snapshot link. */
export function toAlarm(row: AlarmRow, tokenSecret: string): AiAlarm {
  const { snapshot_key: key, ...rest } = row;
  return {
    ...rest,
    confidence: Number(row.confidence.toFixed(3)),
    snapshot_url: key === null ? null : signedSnapshotPath(tokenSecret, row.id, Date.now()),
    raised_at: row.raised_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The `where` clause and parameters of a filter; `$1` is always the workspace list. */
export function whereOf(workspaces: readonly number[], f: Partial<AlarmFilter>) {
  const params: unknown[] = [workspaces];
  const parts = ['a.workspace_id = any($1::int[])'];
  const add = (sql: string, value: unknown): void => {
    if (value === undefined) return;
    params.push(value);
    parts.push(sql.replaceAll('?', `$${String(params.length)}`));
  };
  add('a.category = ?', f.category);
  add('a.level = ?', f.level);
  add('a.status = ?', f.status);
  add('a.device_sn = ?', f.device_sn);
  add('a.task_id = ?', f.task_id);
  add("t.name ilike '%' || ? || '%'", f.task);
  add('a.raised_at >= ?', f.from);
  add('a.raised_at <= ?', f.to);
  // As double precision: compared as `real` (the column's type), a tiny number such as 5e-324
  // underflows and the database refuses the query.
  add('a.confidence >= ?::float8', f.min_confidence);
  return { where: `where ${parts.join(' and ')}`, params };
}

/** One page of alarms, newest first, and the total. */
export async function listAlarms(
  db: Db,
  workspaces: readonly number[],
  f: AlarmFilter & { current: number; size: number },
): Promise<{ rows: AlarmRow[]; total: number }> {
  const { where, params } = whereOf(workspaces, f);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from ai_alarms a left join flight_tasks t on t.id = a.task_id ${where}`,
    params,
  );
  const rows = await db.query<AlarmRow>(
    `${ALARM_SELECT} ${where} order by a.raised_at desc, a.id desc
     limit ${String(f.size)} offset ${String((f.current - 1) * f.size)}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

/** Open alarms, newest first. */
export function openAlarms(db: Db, workspaces: readonly number[], limit: number) {
  return db.query<AlarmRow>(
    `${ALARM_SELECT} where a.workspace_id = any($1::int[]) and a.status = any($2::text[])
     order by a.raised_at desc, a.id desc limit ${String(limit)}`,
    [workspaces, OPEN_STATUSES],
  );
}

/** The alarm `id` if it is in `workspaces`. */
export async function scopedAlarm(db: Db, workspaces: readonly number[], id: number) {
  const rows = await db.query<AlarmRow>(
    `${ALARM_SELECT} where a.id = $1 and a.workspace_id = any($2::int[])`,
    [id, workspaces],
  );
  return rows[0];
}

export async function historyOf(db: Db, id: number): Promise<AiAlarmHistoryEntry[]> {
  const rows = await db.query<Omit<AiAlarmHistoryEntry, 'at'> & { at: Date }>(
    `select h.id, h.from_status, h.to_status, h.username, u.username as assignee_name, h.note, h.at
     from ai_alarm_history h left join users u on u.id = h.assignee_id
     where h.alarm_id = $1 order by h.id`,
    [id],
  );
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

export async function commentsOf(db: Db, id: number): Promise<AiAlarmComment[]> {
  const rows = await db.query<Omit<AiAlarmComment, 'at'> & { at: Date }>(
    'select id, username, body, at from ai_alarm_comments where alarm_id = $1 order by id',
    [id],
  );
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** Counts per day (UTC), per class and per status over the filtered alarms. */
export async function alarmStats(
  db: Db,
  workspaces: readonly number[],
  f: AlarmFilter,
): Promise<AiAlarmStats> {
  const { where, params } = whereOf(workspaces, f);
  const from = `from ai_alarms a left join flight_tasks t on t.id = a.task_id ${where}`;
  const perDay = await db.query<{ day: string; count: number }>(
    `select to_char(a.raised_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as count
     ${from} group by 1 order by 1`,
    params,
  );
  const perCategory = await db.query<{ category: string; count: number }>(
    `select a.category, count(*)::int as count ${from} group by 1 order by 2 desc, 1`,
    params,
  );
  const perStatus = await db.query<{ status: AiAlarmStatus; count: number }>(
    `select a.status, count(*)::int as count ${from} group by 1 order by 1`,
    params,
  );
  return { perDay, perCategory, perStatus };
}

/**
 * Flight commands of a replay window, from the audit log: every cockpit service a pilot sent
 * (module `drc`, target the dock, target name the aircraft; drcAudit.ts) and the pause, resume and
 * return-home a user sent to a task's flight (module `task`, target the task's id). The audit log
 * has no workspace of its own: a row belongs to the window when its dock is one of the window's
 * devices (which are the caller's) or its task is in the caller's workspaces.
 */
import type { ReplayEvent } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import type { EventScope } from './eventScope.ts';
import { blankEvent } from './eventScope.ts';

/** Task-module actions that command an aircraft in flight (taskControlRoutes.ts). */
const TASK_COMMANDS = ['pause', 'resume', 'return_home'];

interface CommandRow {
  id: number;
  module: string;
  action: string;
  dock_sn: string;
  aircraft_sn: string;
  username: string;
  result: string;
  detail: string;
  created_at: Date;
}

/** The window's flight commands in time order, at most `limit + 1`. */
export async function readCommands(db: Db, s: EventScope): Promise<ReplayEvent[]> {
  const rows = await db.query<CommandRow>(
    `select * from (
       select a.id, a.module, a.action, a.target as dock_sn, a.target_name as aircraft_sn,
         a.username, a.result, a.detail, a.created_at
       from audit_logs a
       where a.module = 'drc' and a.target = any($2) and a.created_at >= $3 and a.created_at < $4
       union all
       select a.id, a.module, a.action, t.dock_sn, '' as aircraft_sn, a.username, a.result,
         a.detail, a.created_at
       from audit_logs a join flight_tasks t on t.id::text = a.target
       where a.module = 'task' and a.action = any($6) and t.workspace_id = any($1)
         and t.dock_sn = any($2) and a.created_at >= $3 and a.created_at < $4
     ) c order by c.created_at, c.id limit $5`,
    [s.workspaces, s.sns, new Date(s.from), new Date(s.to), s.limit + 1, TASK_COMMANDS],
  );
  return rows.map((r) => ({
    ...blankEvent(
      'command',
      r.id,
      r.created_at.getTime(),
      r.aircraft_sn || (s.aircraftOf.get(r.dock_sn) ?? r.dock_sn),
    ),
    dock_sn: r.dock_sn,
    label: r.module === 'task' ? `task_${r.action}` : r.action,
    detail: r.result === 'success' ? r.detail : `${r.result} ${r.detail}`.trim(),
    user: r.username,
  }));
}

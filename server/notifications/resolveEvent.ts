/**
 * Completes an event from the database before rules are matched: its project (from the event, the
 * flight run or the device), that project's ancestors (a rule of an organisation covers its
 * projects), the device's name, and an AI alarm's category, confidence and level.
 */
import type { NotificationEvent } from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';

export interface ResolvedEvent {
  event: NotificationEvent;
  at: number;
  workspaceId: number;
  workspaceName: string;
  /** The project and every workspace above it. */
  workspaceIds: number[];
  deviceName: string;
}

async function completeAiAlarm(
  db: Db,
  event: NotificationEvent,
): Promise<NotificationEvent | null> {
  if (event.kind !== 'ai_alarm' || event.category !== undefined) return event;
  const row = await queryOne<{
    workspace_id: number;
    category: string;
    confidence: number;
    level: number;
  }>(db, 'select workspace_id, category, confidence, level from ai_alarms where id = $1', [
    event.alarmId,
  ]);
  if (!row) return null;
  return {
    ...event,
    category: row.category,
    confidence: row.confidence,
    level: row.level,
    workspaceId: event.workspaceId ?? row.workspace_id,
  };
}

async function runWorkspace(db: Db, event: NotificationEvent): Promise<number | undefined> {
  if (event.kind !== 'task_failed') return undefined;
  const row = await queryOne<{ workspace_id: number; name: string }>(
    db,
    `select t.workspace_id, t.name from flight_task_executions e join flight_tasks t on t.id = e.task_id
     where e.id = $1`,
    [event.executionId],
  );
  if (row && event.taskName === undefined) event.taskName = row.name;
  return row?.workspace_id;
}

/** The event completed, or null when its project cannot be told (an unknown device or alarm). */
export async function resolveEvent(
  db: Db,
  raw: NotificationEvent,
  now: number,
): Promise<ResolvedEvent | null> {
  const event = await completeAiAlarm(db, { ...raw });
  if (!event) return null;
  const device = await queryOne<{ name: string; workspace_id: number }>(
    db,
    'select name, workspace_id from devices where device_sn = $1',
    [event.deviceSn],
  );
  const workspaceId = event.workspaceId ?? (await runWorkspace(db, event)) ?? device?.workspace_id;
  if (workspaceId === undefined) return null;
  const chain = await db.query<{ id: number; name: string }>(
    `with recursive up(id, parent_id, name, depth) as (
       select id, parent_id, name, 0 from workspaces where id = $1
       union all
       select w.id, w.parent_id, w.name, up.depth + 1 from workspaces w join up on w.id = up.parent_id
       where up.depth < 32)
     select id, name from up order by depth`,
    [workspaceId],
  );
  if (chain.length === 0) return null;
  return {
    event,
    at: event.at ?? now,
    workspaceId,
    workspaceName: chain[0]?.name ?? '',
    workspaceIds: chain.map((w) => w.id),
    deviceName: device?.name ?? '',
  };
}

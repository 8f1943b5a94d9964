/**
 * The workflow of an AI alarm: single and bulk transitions, comments and deletion. Every change is
 * one transaction with its audit row; a refusal is audited as a failed attempt (runChange).
 */
import type { AiAlarmStatus, AiBulkResult } from '../../../protocol/aiAlarms.ts';
import { AI_ALARM_API, canMove } from '../../../protocol/aiAlarms.ts';
import type { Db } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { bulkBody, commentBody, delBody, transitionBody } from './aiAlarmSchemas.ts';
import { DEL_ACCESS, EDIT_ACCESS } from './alarmScope.ts';
import { moveAlarm } from './moveAlarm.ts';

interface Current {
  id: number;
  status: AiAlarmStatus;
  category: string;
  device_sn: string;
}

/** The alarms of `ids` within the caller's workspaces, locked for update. */
function lockedAlarms(tx: Db, ids: readonly number[], scope: readonly number[]) {
  return tx.query<Current>(
    `select id, status, category, device_sn from ai_alarms
     where id = any($1::int[]) and workspace_id = any($2::int[]) order by id for update`,
    [ids, scope],
  );
}

/** Registers the write routes. */
export function registerAiAlarmWriteRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    AI_ALARM_API.transition,
    { config: { access: EDIT_ACCESS }, schema: { body: transitionBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'aralm', action: 'edit', target: String(b.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const [alarm] = await lockedAlarms(tx, [b.id], await caller.scope());
        if (!alarm) throw new ApiError(404, 'not_found');
        await moveAlarm(tx, request, caller, alarm, {
          to: b.to,
          assigneeId: b.assignee_id,
          note: b.note,
        });
      });
      return ok(request, null);
    },
  );

  app.post(
    AI_ALARM_API.bulk,
    { config: { access: EDIT_ACCESS }, schema: { body: bulkBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'aralm', action: 'edit', target: b.ids.join(',').slice(0, 200) };
      const result = await runChange(deps, request, label, async (tx, caller) => {
        const alarms = await lockedAlarms(tx, b.ids, await caller.scope());
        if (alarms.length === 0) throw new ApiError(404, 'not_found');
        const moved: number[] = [];
        for (const alarm of alarms.filter((a) => canMove(a.status, b.to))) {
          await moveAlarm(tx, request, caller, alarm, { to: b.to, note: b.note });
          moved.push(alarm.id);
        }
        const skipped = b.ids.filter((id) => !moved.includes(id));
        return { moved, skipped } satisfies AiBulkResult;
      });
      return ok<AiBulkResult>(request, result);
    },
  );

  app.post(
    AI_ALARM_API.comment,
    { config: { access: EDIT_ACCESS }, schema: { body: commentBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'aralm', action: 'edit', target: String(b.id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const [alarm] = await lockedAlarms(tx, [b.id], await caller.scope());
        if (!alarm) throw new ApiError(404, 'not_found');
        await tx.query(
          'insert into ai_alarm_comments (alarm_id, user_id, username, body) values ($1, $2, $3, $4)',
          [alarm.id, caller.userId, caller.username, b.body],
        );
        await audit(tx, request, {
          ...label,
          targetName: `${alarm.category} · ${alarm.device_sn}`,
          detail: `comment: ${b.body.slice(0, 200)}`,
        });
      });
      return ok(request, null);
    },
  );

  app.post(
    AI_ALARM_API.del,
    { config: { access: DEL_ACCESS }, schema: { body: delBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'aralm', action: 'del', target: b.ids.join(',').slice(0, 200) };
      const keys = await runChange(deps, request, label, async (tx, caller) => {
        const alarms = await lockedAlarms(tx, b.ids, await caller.scope());
        if (alarms.length !== b.ids.length) throw new ApiError(404, 'not_found');
        const gone = await tx.query<{ snapshot_key: string | null }>(
          'delete from ai_alarms where id = any($1::int[]) returning snapshot_key',
          [b.ids],
        );
        await audit(tx, request, { ...label, detail: `${String(gone.length)} alarm(s)` });
        return gone.flatMap((g) => (g.snapshot_key === null ? [] : [g.snapshot_key]));
      });
      // The rows are gone for good; their pictures follow outside the transaction.
      for (const key of keys) await deps.storage.delete(key);
      return ok(request, null);
    },
  );
}

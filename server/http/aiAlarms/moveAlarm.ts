import type { FastifyRequest } from 'fastify';
import type { AiAlarmStatus } from '../../../protocol/aiAlarms.ts';
import { canMove } from '../../../protocol/aiAlarms.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../caller.ts';

export interface Move {
  to: AiAlarmStatus;
  assigneeId?: number | undefined;
  note?: string | undefined;
}

interface Current {
  id: number;
  status: AiAlarmStatus;
  category: string;
  device_sn: string;
}

/** 400 naming the refused move, e.g. `to (new → resolved)`. */
export const illegalMove = (from: AiAlarmStatus, to: AiAlarmStatus): ApiError =>
  new ApiError(400, 'validation.invalid', { field: `to (${from} → ${to})` });

/** Checks that `assigneeId` is a user within the caller's workspaces. */
async function requireAssignee(tx: Db, caller: Caller, move: Move): Promise<void> {
  if (move.to !== 'dispatched') return;
  if (move.assigneeId === undefined)
    throw new ApiError(400, 'validation.required', { field: 'assignee_id' });
  const user = await queryOne<{ workspace_id: number }>(
    tx,
    'select workspace_id from users where id = $1',
    [move.assigneeId],
  );
  if (!user || !(await caller.scope()).includes(user.workspace_id))
    throw new ApiError(400, 'validation.invalid', { field: 'assignee_id' });
}

/**
 * Moves one alarm (locked for the update) to `move.to`, keeps a history row and writes the audit
 * row. Throws the 400 of an illegal move; the caller decides whether that ends the request.
 */
export async function moveAlarm(
  tx: Db,
  request: FastifyRequest,
  caller: Caller,
  alarm: Current,
  move: Move,
): Promise<void> {
  if (!canMove(alarm.status, move.to)) throw illegalMove(alarm.status, move.to);
  await requireAssignee(tx, caller, move);
  const note = move.note ?? '';
  await tx.query(
    `update ai_alarms set status = $2, updated_at = now(),
       assignee_id = case when $2 = 'dispatched' then $3 else assignee_id end,
       note = case when $4 = '' then note else $4 end
     where id = $1`,
    [alarm.id, move.to, move.assigneeId ?? null, note],
  );
  await tx.query(
    `insert into ai_alarm_history (alarm_id, from_status, to_status, user_id, username, assignee_id, note)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      alarm.id,
      alarm.status,
      move.to,
      caller.userId,
      caller.username,
      move.assigneeId ?? null,
      note,
    ],
  );
  await audit(tx, request, {
    module: 'aralm',
    action: 'edit',
    target: String(alarm.id),
    targetName: `${alarm.category} · ${alarm.device_sn}`,
    detail: `${alarm.status} → ${move.to}${note === '' ? '' : `: ${note}`}`,
  });
}

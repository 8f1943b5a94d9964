/**
 * Channels and rules belong to one workspace: a caller reaches those of workspaces in their scope;
 * any other id answers 404, exactly like one that does not exist (no hint that it does).
 */
import type { NotificationChannel } from '../../../protocol/notifications.ts';
import type { Db } from '../../db/Db.ts';
import type { ChannelTarget } from '../../notifications/channels/send.ts';
import { maskConfig } from '../../notifications/secrets.ts';
import type { ChannelRow, RuleRow } from '../../notifications/store.ts';
import { CHANNEL_COLUMNS, RULE_SELECT } from '../../notifications/store.ts';
import { ApiError } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { requireInScope } from '../scope.ts';

/** The workspace a request names (or the caller's own), once it is known to be in scope. */
export async function scopedWorkspace(caller: Caller, requested: number | undefined) {
  const workspaceId = requested ?? caller.workspaceId;
  await requireInScope(caller, workspaceId, 'workspace');
  return workspaceId;
}

/** The channel `id` with its full settings, if the caller may see it; else 404. */
export async function scopedChannel(db: Db, caller: Caller, id: number): Promise<ChannelRow> {
  const [row] = await db.query<ChannelRow>(
    `select ${CHANNEL_COLUMNS} from notification_channels c where c.id = $1`,
    [id],
  );
  if (!row || !(await caller.scope()).includes(row.workspace_id))
    throw new ApiError(404, 'not_found.notification_channel');
  return row;
}

/** The rule `id`, if the caller may see it; else 404. */
export async function scopedRule(db: Db, caller: Caller, id: number): Promise<RuleRow> {
  const [row] = await db.query<RuleRow>(`${RULE_SELECT} where r.id = $1`, [id]);
  if (!row || !(await caller.scope()).includes(row.workspace_id))
    throw new ApiError(404, 'not_found.notification_rule');
  return row;
}

/** A channel as the API answers it: credentials masked. */
export function channelAnswer(row: ChannelRow, ruleCount: number): NotificationChannel {
  // The kind and its settings travel together; TypeScript cannot follow that through the generic.
  const target = { kind: row.kind, config: maskConfig(row.kind, row.config) } as ChannelTarget;
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    lang: row.lang,
    enabled: row.enabled,
    rule_count: ruleCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...target,
  };
}

/** How many rules send through each of `ids`. */
export async function ruleCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db.query<{ channel_id: number; n: number }>(
    `select channel_id, count(*)::int as n from notification_rule_channels
     where channel_id = any($1::int[]) group by channel_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.channel_id, r.n]));
}

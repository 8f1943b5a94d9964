/**
 * Notification rules of a workspace: which events (kind and filter) go to which of its channels,
 * with quiet hours and a rate limit. Listed with the page; each change one transaction with its
 * audit row. A rule may only send through channels of its own workspace.
 */
import type { NotificationRule } from '../../../protocol/notifications.ts';
import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import type { Db } from '../../db/Db.ts';
import { isTimeZone, parseClock } from '../../notifications/quietHours.ts';
import type { RuleRow } from '../../notifications/store.ts';
import { RULE_SELECT, ruleById, ruleOf } from '../../notifications/store.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import type { RuleFields } from './notificationSchemas.ts';
import { idBody, listQuery, ruleAddBody, ruleEditBody } from './notificationSchemas.ts';
import { scopedRule, scopedWorkspace } from './notificationScope.ts';
import { auditRefusedBody, MODULE } from './refusals.ts';

/** The rule's columns in order: name … rate limit, checked beyond what the schema says. */
function ruleValues(b: RuleFields): unknown[] {
  const quiet = b.quiet_hours;
  if (quiet) {
    if (!isTimeZone(quiet.timezone))
      throw new ApiError(400, 'notification.time_zone', { field: 'quiet_hours.timezone' });
    if (quiet.start === quiet.end)
      throw new ApiError(400, 'notification.quiet_empty', { field: 'quiet_hours.end' });
  }
  return [
    b.name,
    b.event_kind,
    b.enabled,
    JSON.stringify(b.filter),
    quiet ? parseClock(quiet.start) : null,
    quiet ? parseClock(quiet.end) : null,
    quiet?.timezone ?? 'Asia/Shanghai',
    quiet?.digest ?? false,
    b.rate_limit_minutes,
  ];
}

/** Replaces the rule's channels; each must be a channel of `workspaceId` (else 400 naming it). */
async function setChannels(tx: Db, ruleId: number, workspaceId: number, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  const found = await tx.query<{ id: number }>(
    'select id from notification_channels where id = any($1::int[]) and workspace_id = $2',
    [wanted, workspaceId],
  );
  const known = new Set(found.map((r) => r.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined)
    throw new ApiError(400, 'notification.channel_elsewhere', {
      field: 'channel_ids',
      id: missing,
    });
  await tx.query('delete from notification_rule_channels where rule_id = $1', [ruleId]);
  await tx.query(
    `insert into notification_rule_channels (rule_id, channel_id)
     select $1, unnest($2::int[])`,
    [ruleId, wanted],
  );
}

async function savedRule(tx: Db, id: number): Promise<RuleRow> {
  const row = await ruleById(tx, id);
  if (!row) throw new Error(`rule ${String(id)} vanished inside its own transaction`);
  return row;
}

const detailOf = (b: RuleFields): string =>
  `${b.event_kind} → ${b.channel_ids.join(',')}${b.rate_limit_minutes > 0 ? `, ${String(b.rate_limit_minutes)} min` : ''}${b.quiet_hours ? `, quiet ${b.quiet_hours.start}-${b.quiet_hours.end}` : ''}`.slice(
    0,
    300,
  );

/** Registers the rule routes. */
export function registerRuleRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    NOTIFICATION_API.rules,
    { config: { access: NOTIFICATION_ACCESS.read }, schema: { querystring: listQuery } },
    async (request) => {
      const workspaceId = await scopedWorkspace(callerOf(request), request.query.workspace_id);
      const rows = await db.query<RuleRow>(
        `${RULE_SELECT} where r.workspace_id = $1 order by r.id`,
        [workspaceId],
      );
      return ok<NotificationRule[]>(request, rows.map(ruleOf));
    },
  );

  app.post(
    NOTIFICATION_API.ruleAdd,
    {
      config: { access: NOTIFICATION_ACCESS.add },
      schema: { body: ruleAddBody },
      onError: auditRefusedBody(deps, 'add'),
    },
    async (request) => {
      const { workspace_id: requested, ...b } = request.body;
      const label = { module: MODULE, action: 'add', target: b.name };
      const row = await runChange(deps, request, label, async (tx, caller) => {
        const workspaceId = await scopedWorkspace(caller, requested);
        const [added] = await tx.query<{ id: number }>(
          `insert into notification_rules (workspace_id, name, event_kind, enabled, filter, quiet_start,
             quiet_end, quiet_timezone, quiet_digest, rate_limit_minutes)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
          [workspaceId, ...ruleValues(b)],
        );
        const id = added?.id ?? 0;
        await setChannels(tx, id, workspaceId, b.channel_ids);
        await audit(tx, request, {
          ...label,
          target: String(id),
          targetName: b.name,
          detail: detailOf(b),
        });
        return savedRule(tx, id);
      });
      deps.notifier.rulesChanged();
      return ok<NotificationRule>(request, ruleOf(row));
    },
  );

  app.post(
    NOTIFICATION_API.ruleEdit,
    {
      config: { access: NOTIFICATION_ACCESS.edit },
      schema: { body: ruleEditBody },
      onError: auditRefusedBody(deps, 'edit'),
    },
    async (request) => {
      const { id, ...b } = request.body;
      const label = { module: MODULE, action: 'edit', target: String(id), targetName: b.name };
      const row = await runChange(deps, request, label, async (tx, caller) => {
        const before = await scopedRule(tx, caller, id);
        await tx.query(
          `update notification_rules set name = $2, event_kind = $3, enabled = $4, filter = $5,
             quiet_start = $6, quiet_end = $7, quiet_timezone = $8, quiet_digest = $9,
             rate_limit_minutes = $10, updated_at = now()
           where id = $1`,
          [id, ...ruleValues(b)],
        );
        await setChannels(tx, id, before.workspace_id, b.channel_ids);
        await audit(tx, request, { ...label, detail: detailOf(b) });
        return savedRule(tx, id);
      });
      deps.notifier.rulesChanged();
      return ok<NotificationRule>(request, ruleOf(row));
    },
  );

  app.post(
    NOTIFICATION_API.ruleDel,
    {
      config: { access: NOTIFICATION_ACCESS.del },
      schema: { body: idBody },
      onError: auditRefusedBody(deps, 'del'),
    },
    async (request) => {
      const { id } = request.body;
      const label = { module: MODULE, action: 'del', target: String(id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const before = await scopedRule(tx, caller, id);
        await tx.query('delete from notification_rules where id = $1', [id]);
        await audit(tx, request, { ...label, targetName: before.name, detail: before.event_kind });
      });
      deps.notifier.rulesChanged();
      return ok(request, null);
    },
  );
}

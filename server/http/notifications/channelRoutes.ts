/**
 * Notification channels of a workspace: listed with the page, added, edited and deleted with the
 * page's buttons (each change one transaction with its audit row), and tried with "send test".
 * Credentials are answered masked; an edit that sends them back masked keeps them. A channel's
 * address must be one the operator lets the server reach (egress.ts): it is looked up before the
 * transaction, so a slow DNS answer never holds the database.
 */
import type {
  ChannelKind,
  NotificationChannel,
  NotificationDelivery,
} from '../../../protocol/notifications.ts';
import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import type { EgressPolicy } from '../../notifications/egress.ts';
import { mergeSecrets } from '../../notifications/secrets.ts';
import type { ChannelRow } from '../../notifications/store.ts';
import { CHANNEL_COLUMNS } from '../../notifications/store.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { checkDestination } from './channelDestination.ts';
import { deliveryById } from './deliveryQueries.ts';
import {
  channelAddBody,
  channelEditBody,
  idBody,
  listQuery,
  readConfig,
} from './notificationSchemas.ts';
import { channelAnswer, ruleCounts, scopedChannel, scopedWorkspace } from './notificationScope.ts';
import { auditRefusedBody, checkedBefore, MODULE } from './refusals.ts';

/** Where a channel sends, for the audit log: a host, never a credential. */
function whereTo(kind: ChannelKind, config: Record<string, unknown>): string {
  if (kind === 'email') return `${kind} ${String(config.host)}`;
  try {
    return `${kind} ${new URL(String(config.url)).host}`;
  } catch {
    return kind;
  }
}

/** Registers the channel routes; `egress` says which addresses a channel may send to. */
export function registerChannelRoutes(app: ZodApp, deps: AppDeps, egress: EgressPolicy): void {
  const { db } = deps;

  app.get(
    NOTIFICATION_API.channels,
    { config: { access: NOTIFICATION_ACCESS.read }, schema: { querystring: listQuery } },
    async (request) => {
      const workspaceId = await scopedWorkspace(callerOf(request), request.query.workspace_id);
      const rows = await db.query<ChannelRow>(
        `select ${CHANNEL_COLUMNS} from notification_channels c where c.workspace_id = $1
         order by c.id`,
        [workspaceId],
      );
      const counts = await ruleCounts(
        db,
        rows.map((r) => r.id),
      );
      return ok<NotificationChannel[]>(
        request,
        rows.map((r) => channelAnswer(r, counts.get(r.id) ?? 0)),
      );
    },
  );

  app.post(
    NOTIFICATION_API.channelAdd,
    {
      config: { access: NOTIFICATION_ACCESS.add },
      schema: { body: channelAddBody },
      onError: auditRefusedBody(deps, 'add'),
    },
    async (request) => {
      const b = request.body;
      const label = { module: MODULE, action: 'add', target: b.name };
      const config = await checkedBefore(deps, request, label, async () => {
        await scopedWorkspace(callerOf(request), b.workspace_id);
        const checked = readConfig(b.kind, b.config, false);
        await checkDestination(egress, b.kind, checked);
        return checked;
      });
      const row = await runChange(deps, request, label, async (tx, caller) => {
        const workspaceId = await scopedWorkspace(caller, b.workspace_id);
        const [added] = await tx.query<ChannelRow>(
          `insert into notification_channels as c (workspace_id, name, kind, lang, enabled, config)
           values ($1, $2, $3, $4, $5, $6) returning ${CHANNEL_COLUMNS}`,
          [workspaceId, b.name, b.kind, b.lang, b.enabled, JSON.stringify(config)],
        );
        if (!added) throw new Error('the channel insert returned no row');
        await audit(tx, request, {
          ...label,
          target: String(added.id),
          targetName: b.name,
          detail: whereTo(b.kind, config),
        });
        return added;
      });
      return ok<NotificationChannel>(request, channelAnswer(row, 0));
    },
  );

  app.post(
    NOTIFICATION_API.channelEdit,
    {
      config: { access: NOTIFICATION_ACCESS.edit },
      schema: { body: channelEditBody },
      onError: auditRefusedBody(deps, 'edit'),
    },
    async (request) => {
      const b = request.body;
      const label = { module: MODULE, action: 'edit', target: String(b.id), targetName: b.name };
      const config = await checkedBefore(deps, request, label, async () => {
        const before = await scopedChannel(db, callerOf(request), b.id);
        const sent = readConfig(b.kind, b.config, true);
        const stored = before.kind === b.kind ? before.config : null;
        // Checked again once the kept credentials are back in: a new kind must bring its own.
        const merged = readConfig(b.kind, mergeSecrets(b.kind, sent, stored), false);
        await checkDestination(egress, b.kind, merged);
        return merged;
      });
      const row = await runChange(deps, request, label, async (tx, caller) => {
        // Still there, and still the caller's, now that the transaction holds it.
        await scopedChannel(tx, caller, b.id);
        const [saved] = await tx.query<ChannelRow>(
          `update notification_channels as c set name = $2, kind = $3, lang = $4, enabled = $5,
             config = $6, updated_at = now()
           where c.id = $1 returning ${CHANNEL_COLUMNS}`,
          [b.id, b.name, b.kind, b.lang, b.enabled, JSON.stringify(config)],
        );
        if (!saved) throw new Error('the channel update returned no row');
        await audit(tx, request, { ...label, detail: whereTo(b.kind, config) });
        return saved;
      });
      const counts = await ruleCounts(db, [row.id]);
      return ok<NotificationChannel>(request, channelAnswer(row, counts.get(row.id) ?? 0));
    },
  );

  app.post(
    NOTIFICATION_API.channelDel,
    {
      config: { access: NOTIFICATION_ACCESS.del },
      schema: { body: idBody },
      onError: auditRefusedBody(deps, 'del'),
    },
    async (request) => {
      const { id } = request.body;
      const label = { module: MODULE, action: 'del', target: String(id) };
      await runChange(deps, request, label, async (tx, caller) => {
        const before = await scopedChannel(tx, caller, id);
        await tx.query('delete from notification_channels where id = $1', [id]);
        await audit(tx, request, { ...label, targetName: before.name, detail: before.kind });
      });
      return ok(request, null);
    },
  );

  app.post(
    NOTIFICATION_API.channelTest,
    {
      config: { access: NOTIFICATION_ACCESS.edit },
      schema: { body: idBody },
      onError: auditRefusedBody(deps, 'test'),
    },
    async (request) => {
      const { id: channelId } = request.body;
      const label = { module: MODULE, action: 'test', target: String(channelId) };
      const channel = await checkedBefore(deps, request, label, () =>
        scopedChannel(db, callerOf(request), channelId),
      );
      // Not a transaction: the delivery writes its log rows as it goes, and the try may take seconds.
      const { id, first } = await deps.notifier.sendTest(channel);
      await audit(db, request, {
        ...label,
        targetName: channel.name,
        result: first.ok ? 'success' : 'failure',
        detail: first.ok
          ? whereTo(channel.kind, channel.config as unknown as Record<string, unknown>)
          : first.error.slice(0, 200),
      });
      return ok<NotificationDelivery | null>(request, (await deliveryById(db, id)) ?? null);
    },
  );
}

/**
 * Notification channels of a workspace: listed with the page, added, edited and deleted with the
 * page's buttons (each change one transaction with its audit row), and tried with "send test".
 * Credentials are answered masked; an edit that sends them back masked keeps them.
 */
import type {
  ChannelKind,
  NotificationChannel,
  NotificationDelivery,
} from '../../../protocol/notifications.ts';
import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import { mergeSecrets } from '../../notifications/secrets.ts';
import type { ChannelRow } from '../../notifications/store.ts';
import { CHANNEL_COLUMNS } from '../../notifications/store.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { deliveryById } from './deliveryQueries.ts';
import {
  channelAddBody,
  channelEditBody,
  idBody,
  listQuery,
  readConfig,
} from './notificationSchemas.ts';
import { channelAnswer, ruleCounts, scopedChannel, scopedWorkspace } from './notificationScope.ts';

const MODULE = 'notification';

/** Where a channel sends, for the audit log: a host, never a credential. */
function whereTo(kind: ChannelKind, config: Record<string, unknown>): string {
  if (kind === 'email') return `${kind} ${String(config.host)}`;
  try {
    return `${kind} ${new URL(String(config.url)).host}`;
  } catch {
    return kind;
  }
}

/** Registers the channel routes. */
export function registerChannelRoutes(app: ZodApp, deps: AppDeps): void {
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
    { config: { access: NOTIFICATION_ACCESS.add }, schema: { body: channelAddBody } },
    async (request) => {
      const b = request.body;
      const label = { module: MODULE, action: 'add', target: b.name };
      const row = await runChange(deps, request, label, async (tx, caller) => {
        const workspaceId = await scopedWorkspace(caller, b.workspace_id);
        const config = readConfig(b.kind, b.config, false);
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
    { config: { access: NOTIFICATION_ACCESS.edit }, schema: { body: channelEditBody } },
    async (request) => {
      const b = request.body;
      const label = { module: MODULE, action: 'edit', target: String(b.id), targetName: b.name };
      const row = await runChange(deps, request, label, async (tx, caller) => {
        const before = await scopedChannel(tx, caller, b.id);
        const sent = readConfig(b.kind, b.config, true);
        const stored = before.kind === b.kind ? before.config : null;
        // Checked again once the kept credentials are back in: a new kind must bring its own.
        const config = readConfig(b.kind, mergeSecrets(b.kind, sent, stored), false);
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
    { config: { access: NOTIFICATION_ACCESS.del }, schema: { body: idBody } },
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
    { config: { access: NOTIFICATION_ACCESS.edit }, schema: { body: idBody } },
    async (request) => {
      const caller = callerOf(request);
      const channel = await scopedChannel(db, caller, request.body.id);
      // Not a transaction: the delivery writes its log rows as it goes, and the try may take seconds.
      const { id, first } = await deps.notifier.sendTest(channel);
      await audit(db, request, {
        module: MODULE,
        action: 'test',
        target: String(channel.id),
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

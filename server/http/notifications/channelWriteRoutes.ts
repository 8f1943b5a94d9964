import type { NotificationChannel } from '../../../protocol/notifications.ts';
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
import { channelAddBody, channelEditBody, readConfig } from './notificationSchemas.ts';
import { channelAnswer, ruleCounts, scopedChannel, scopedWorkspace } from './notificationScope.ts';
import { auditRefusedBody, checkedBefore, MODULE } from './refusals.ts';
import { whereTo } from './whereTo.ts';

/**
 * Adding a channel and editing one. Its address is checked against `egress` before the transaction;
 * an edit that sends the credentials back masked keeps the stored ones.
 */
export function registerChannelWriteRoutes(app: ZodApp, deps: AppDeps, egress: EgressPolicy): void {
  const { db } = deps;

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
}

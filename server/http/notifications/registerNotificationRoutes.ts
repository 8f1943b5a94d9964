/**
 * Every `/api/notifications/*` route: channels, rules and the delivery log. Registering them also
 * gives the notifier the app's log and the operator's egress settings, and stops it (its retries,
 * digests and pruning) with the app.
 */
import type { NotificationDelivery } from '../../../protocol/notifications.ts';
import type { Page } from '../../../protocol/http.ts';
import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import { egressPolicy } from '../../notifications/egress.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { offset } from '../schemas.ts';
import { registerChannelRoutes } from './channelRoutes.ts';
import { listDeliveries } from './deliveryQueries.ts';
import { deliveriesQuery } from './notificationSchemas.ts';
import { scopedWorkspace } from './notificationScope.ts';
import { registerRuleRoutes } from './ruleRoutes.ts';

/** Registers the notification routes and ties the notifier to the app's lifecycle. */
export function registerNotificationRoutes(app: ZodApp, deps: AppDeps): void {
  deps.notifier.useLog({
    info: (msg) => app.log.info(msg),
    warn: (msg) => app.log.warn(msg),
    error: (msg) => app.log.error(msg),
  });
  const egress = egressPolicy(deps.config.notifyEgress);
  deps.notifier.useEgress(egress);
  app.addHook('onClose', () => deps.notifier.stop());
  registerChannelRoutes(app, deps, egress);
  registerRuleRoutes(app, deps);

  app.get(
    NOTIFICATION_API.deliveries,
    { config: { access: NOTIFICATION_ACCESS.read }, schema: { querystring: deliveriesQuery } },
    async (request) => {
      const q = request.query;
      const workspaceId = await scopedWorkspace(callerOf(request), q.workspace_id);
      const page = await listDeliveries(deps.db, {
        workspaceId,
        channelId: q.channel_id,
        status: q.status,
        limit: q.size,
        offset: offset(q),
      });
      return ok<Page<NotificationDelivery>>(request, page);
    },
  );
}

import type { NotificationDelivery } from '../../../protocol/notifications.ts';
import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { deliveryById } from './deliveryQueries.ts';
import { idBody } from './notificationSchemas.ts';
import { scopedChannel } from './notificationScope.ts';
import { auditRefusedBody, checkedBefore, MODULE } from './refusals.ts';
import { whereTo } from './whereTo.ts';

/** "Send test": one message through a channel, answered with the delivery it logged. */
export function registerChannelTestRoute(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
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

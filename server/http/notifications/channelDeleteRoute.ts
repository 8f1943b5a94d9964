import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import { audit } from '../audit.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { idBody } from './notificationSchemas.ts';
import { scopedChannel } from './notificationScope.ts';
import { auditRefusedBody, MODULE } from './refusals.ts';

/** Deleting a channel, in one transaction with its audit row. */
export function registerChannelDeleteRoute(app: ZodApp, deps: AppDeps): void {
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
}

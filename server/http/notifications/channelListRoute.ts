import type { NotificationChannel } from '../../../protocol/notifications.ts';
import { NOTIFICATION_ACCESS, NOTIFICATION_API } from '../../../protocol/notifications.ts';
import type { ChannelRow } from '../../notifications/store.ts';
import { CHANNEL_COLUMNS } from '../../notifications/store.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { listQuery } from './notificationSchemas.ts';
import { channelAnswer, ruleCounts, scopedWorkspace } from './notificationScope.ts';

/** The channels of a workspace as the page lists them, credentials masked, with their rule counts. */
export function registerChannelListRoute(app: ZodApp, deps: AppDeps): void {
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
}

/**
 * Notification channels of a workspace: listed with the page, added, edited and deleted with the
 * page's buttons (each change one transaction with its audit row), and tried with "send test".
 * Credentials are answered masked; an edit that sends them back masked keeps them. A channel's
 * address must be one the operator lets the server reach (egress.ts): it is looked up before the
 * transaction, so a slow DNS answer never holds the database.
 */
import type { EgressPolicy } from '../../notifications/egress.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { registerChannelDeleteRoute } from './channelDeleteRoute.ts';
import { registerChannelListRoute } from './channelListRoute.ts';
import { registerChannelTestRoute } from './channelTestRoute.ts';
import { registerChannelWriteRoutes } from './channelWriteRoutes.ts';

/** Registers the channel routes; `egress` says which addresses a channel may send to. */
export function registerChannelRoutes(app: ZodApp, deps: AppDeps, egress: EgressPolicy): void {
  registerChannelListRoute(app, deps);
  registerChannelWriteRoutes(app, deps, egress);
  registerChannelDeleteRoute(app, deps);
  registerChannelTestRoute(app, deps);
}

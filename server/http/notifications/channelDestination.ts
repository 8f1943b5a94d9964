/** A channel's address checked against the operator's egress settings as the channel is saved. */
import type { ChannelKind } from '../../../protocol/notifications.ts';
import type { EgressPolicy } from '../../notifications/egress.ts';
import { bareHost, checkHost } from '../../notifications/egress.ts';
import { ApiError } from '../ApiError.ts';

/** The field holding where a channel connects, and that host. */
function destinationOf(
  kind: ChannelKind,
  config: Readonly<Record<string, unknown>>,
): { field: string; host: string } {
  if (kind === 'email') return { field: 'config.host', host: String(config.host) };
  // The schema let only http(s) URLs through.
  return { field: 'config.url', host: new URL(String(config.url)).hostname };
}

/**
 * Refuses (400 naming the field) a channel whose host is, or resolves to, an address the policy does
 * not allow. Deliveries check again: this answers the admin at once, the later check is the fence.
 */
export async function checkDestination(
  policy: EgressPolicy,
  kind: ChannelKind,
  config: Readonly<Record<string, unknown>>,
): Promise<void> {
  const { field, host } = destinationOf(kind, config);
  const refused = await checkHost(policy, host);
  if (refused)
    throw new ApiError(400, 'notification.private_address', { field, host: bareHost(host) });
}

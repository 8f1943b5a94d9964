import type { ChannelKind } from '../../../protocol/notifications.ts';

/** Where a channel sends, for the audit log: a host, never a credential. */
export function whereTo(kind: ChannelKind, config: Record<string, unknown>): string {
  if (kind === 'email') return `${kind} ${String(config.host)}`;
  try {
    return `${kind} ${new URL(String(config.url)).host}`;
  } catch {
    return kind;
  }
}

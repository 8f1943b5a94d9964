import type { Principal } from './topicRules.ts';

/** Who is on a connection, as the metrics count them: a dock's DRC link is a device. */
export type ClientKind = 'device' | 'console' | 'server';
export const CLIENT_KINDS: readonly ClientKind[] = ['device', 'console', 'server'];

/** The kind the metrics count `principal`'s connections under. */
export const clientKindOf = (principal: Principal): ClientKind =>
  principal.kind === 'user' ? 'console' : principal.kind === 'server' ? 'server' : 'device';

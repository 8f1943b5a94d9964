/**
 * One broker connection's session: who is on it, since when, and what ends it (a console token's
 * expiry, a DRC grant's end).
 */
import { decodeJwt } from 'jose';
import type { DrcGrant } from '../drc/drcGrants.ts';
import type { Principal } from './topicRules.ts';

/** One connection's principal, kept for the life of the connection and re-read on changes. */
export interface BrokerSession {
  principal: Principal;
  loadedAt: number;
  /** When the console user's access token expires (ms): the connection must end then. */
  expiresAt?: number;
  /** The console user's access token, checked again on every change to the account. */
  token?: string;
  /** The children a gateway announced in its last `update_topo`. */
  announced?: readonly string[];
  /** A DRC connection's grant: the connection ends with it (session over, or expired). */
  drcGrant?: DrcGrant;
}

export interface SessionMaker {
  /** The session of `principal`; `token` is the console access token that opened it, if any. */
  session: (principal: Principal, token?: string) => BrokerSession;
  /** The session of a live DRC grant; the grant's expiry ends the connection (sessionWatch.ts). */
  drcSession: (grant: DrcGrant) => BrokerSession;
}

/** The `exp` of a token that has already been verified, in ms. */
function tokenExpiry(token: string): number | undefined {
  const exp = decodeJwt(token).exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

/** Makes sessions loaded now, by the clock `now` (ms). */
export function sessionMaker(now: () => number): SessionMaker {
  return {
    session: (principal, token) => ({
      principal,
      loadedAt: now(),
      expiresAt: token === undefined ? undefined : tokenExpiry(token),
      token,
    }),
    drcSession: (grant) => ({
      principal: {
        kind: 'drc',
        name: grant.username,
        sn: grant.dockSn,
        sns: new Set([grant.dockSn]),
      },
      loadedAt: now(),
      expiresAt: grant.expiresAt,
      drcGrant: grant,
    }),
  };
}

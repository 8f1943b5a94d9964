/**
 * Who a broker connection's username and password name: a dock's live DRC credentials, the server's
 * own account, a device's serial number and secret, or a console user's access token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/Db.ts';
import { drcGrantsFor, isLiveGrant } from '../drc/drcGrants.ts';
import { deviceSecretHash } from './authQueries.ts';
import type { BrokerSession, SessionMaker } from './brokerSession.ts';
import { hashDeviceSecret } from './hashDeviceSecret.ts';
import { loadDevicePrincipal, loadUserPrincipal } from './principals.ts';

/** What `verifyAccessToken` yields for a valid console access token. */
export interface AccessClaims {
  userId: number;
  roleId: number;
  workspaceId: number;
}

/** Checks a console access token (server/auth/tokens.ts); null when invalid or expired. */
export type VerifyAccessToken = (
  token: string,
) => Promise<AccessClaims | null> | AccessClaims | null;

/** Checks a username and password; resolves with the session they open, or null. */
export type CredentialCheck = (username: string, password: string) => Promise<BrokerSession | null>;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The broker's password check over `db`; `serverSecret` empty disables the server's account. */
export function credentialCheck(
  options: { db: Db; serverSecret: string; verifyAccessToken: VerifyAccessToken },
  serverUsername: string,
  now: () => number,
  { session, drcSession }: SessionMaker,
): CredentialCheck {
  const { db } = options;

  async function verifyDevice(sn: string, secret: string): Promise<boolean> {
    const stored = await deviceSecretHash(db, sn);
    return stored !== undefined && stored !== '' && sameText(stored, hashDeviceSecret(secret));
  }

  return async (username, password) => {
    // A renewed session's dock may sign in with the new or, until they expire, the earlier credentials.
    const grant = drcGrantsFor(username).find(
      (g) => isLiveGrant(g, now()) && sameText(password, g.password),
    );
    if (grant) return drcSession(grant);
    if (username === serverUsername) {
      return options.serverSecret !== '' && sameText(password, options.serverSecret)
        ? session({ kind: 'server', name: serverUsername })
        : null;
    }
    if (await verifyDevice(username, password)) {
      const device = await loadDevicePrincipal(db, username);
      return device ? session(device) : null;
    }
    const claims = await options.verifyAccessToken(password);
    if (!claims) return null;
    const principal = await loadUserPrincipal(db, claims.userId);
    // The token must belong to the account named in the username: no signing in as someone else.
    return principal?.name === username ? session(principal, password) : null;
  };
}

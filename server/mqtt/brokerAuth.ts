/**
 * Broker authentication and authorization over the database, shared by the embedded Aedes hooks and
 * the EMQX HTTP endpoints. Console users sign in with their access token as password, devices with
 * serial number + device secret, the server's own client with an internal secret, a dock's DRC
 * connection with the credentials its DRC session handed it (server/drc/drcGrants.ts). Each principal may
 * only use its own client ids (protocol/mqtt/clientIds.ts).
 */
import { deviceClientId, isConsoleClientIdOf } from '../../protocol/mqtt/clientIds.ts';
import type { Db } from '../db/Db.ts';
import { drcBrokerClientId } from '../drc/brokerCredentials.ts';
import { drcGrantFor, isLiveGrant } from '../drc/drcGrants.ts';
import { findUserByName } from './authQueries.ts';
import { sessionMaker } from './brokerSession.ts';
import type { BrokerSession } from './brokerSession.ts';
import { credentialCheck } from './credentialCheck.ts';
import type { VerifyAccessToken } from './credentialCheck.ts';
import { loadDevicePrincipal, loadUserPrincipal } from './principals.ts';
import { mayPublish, maySubscribe } from './topicRules.ts';
import type { Decision, Principal } from './topicRules.ts';
import type { Log } from '../runtime/log.ts';

export type { BrokerSession } from './brokerSession.ts';
export type { AccessClaims } from './credentialCheck.ts';
export { hashDeviceSecret } from './hashDeviceSecret.ts';

export interface BrokerAuthOptions {
  db: Db;
  log: Log;
  /** Checks a console access token (server/auth/tokens.ts); null when invalid or expired. */
  verifyAccessToken: VerifyAccessToken;
  /** Password of the server's own client; an empty secret disables that account. */
  serverSecret: string;
  serverUsername?: string;
  /** Clock in ms, injectable for tests. */
  now?: () => number;
  /**
   * A refused device is re-read from the database at most this often. Changes made through this
   * server arrive as events at once (sessionWatch.ts); this catches those made by another instance.
   */
  refreshAfterMs?: number;
}

export type BrokerAction = 'publish' | 'subscribe';

export interface BrokerAuth {
  readonly serverUsername: string;
  /** Checks credentials and the client id; null (and one log line) when refused. */
  authenticate(clientId: string, username: string, password: string): Promise<BrokerSession | null>;
  /** The session of an already-authenticated username (external brokers ask ACL without a password). */
  sessionFor(username: string): Promise<BrokerSession | null>;
  /** The decision for `action` on `topic`, re-reading a refused device's principal when stale. */
  decide(session: BrokerSession, action: BrokerAction, topic: string): Promise<Decision>;
  /** Whether the session may do `action` on `topic`; refusals are logged. */
  authorize(
    session: BrokerSession,
    action: BrokerAction,
    topic: string,
    clientId: string,
  ): Promise<boolean>;
  /** The principal as the database has it now; null when it may no longer connect at all. */
  reload(session: BrokerSession): Promise<Principal | null>;
  /** A gateway announced its children: from now on it speaks for the registered ones only. */
  announce(session: BrokerSession, children: readonly string[]): Promise<void>;
}

export const DEFAULT_SERVER_USERNAME = 'skydeck-server';
const DEFAULT_REFRESH_AFTER_MS = 5_000;

/** Whether `principal` may connect with `clientId` (the server's own clients may use any). */
function ownsClientId(principal: Principal, clientId: string): boolean {
  switch (principal.kind) {
    case 'server':
      return true;
    case 'device':
      return clientId === deviceClientId(principal.sn);
    case 'drc':
      return clientId === drcBrokerClientId(principal.sn);
    case 'user':
      return isConsoleClientIdOf(principal.name, clientId);
  }
}

/**
 * Builds the broker's auth over `db`. Sessions are made in brokerSession.ts and passwords checked
 * in credentialCheck.ts; what a session may do is decided here.
 */
export function createBrokerAuth(options: BrokerAuthOptions): BrokerAuth {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const serverUsername = options.serverUsername ?? DEFAULT_SERVER_USERNAME;
  const refreshAfterMs = options.refreshAfterMs ?? DEFAULT_REFRESH_AFTER_MS;
  const sessions = sessionMaker(now);
  const { session, drcSession } = sessions;
  const check = credentialCheck(options, serverUsername, now, sessions);

  const auth: BrokerAuth = {
    serverUsername,
    async authenticate(clientId, username, password) {
      const found = await check(username, password);
      const refused = !found
        ? 'bad credentials'
        : !ownsClientId(found.principal, clientId)
          ? 'client id not bound to this account'
          : null;
      if (refused) log.warn(`mqtt refused connect client=${clientId} user=${username}: ${refused}`);
      return refused ? null : found;
    },
    async sessionFor(username) {
      if (username === serverUsername) return session({ kind: 'server', name: serverUsername });
      const grant = drcGrantFor(username);
      if (grant) return isLiveGrant(grant, now()) ? drcSession(grant) : null;
      const device = await loadDevicePrincipal(db, username);
      if (device) return session(device);
      const user = await findUserByName(db, username);
      const principal = user ? await loadUserPrincipal(db, user.id) : null;
      return principal ? session(principal) : null;
    },
    async decide(s, action, topic) {
      // Checked on every message: a session that ended voids its dock's DRC connection at once.
      if (s.drcGrant && !isLiveGrant(s.drcGrant, now()))
        return { allow: false, reason: 'DRC session ended' };
      const rule = action === 'publish' ? mayPublish : maySubscribe;
      const decision = rule(s.principal, topic);
      if (decision.allow || decision.sn === undefined || now() - s.loadedAt < refreshAfterMs)
        return decision;
      const fresh = await auth.reload(s);
      if (fresh) s.principal = fresh;
      s.loadedAt = now();
      return rule(s.principal, topic);
    },
    async authorize(s, action, topic, clientId) {
      const decision = await auth.decide(s, action, topic);
      if (decision.allow) return true;
      log.warn(
        `mqtt refused ${action} client=${clientId} user=${s.principal.name} topic=${topic} reason=${decision.reason}`,
      );
      return false;
    },
    async reload(s) {
      const p = s.principal;
      switch (p.kind) {
        case 'server':
          return p;
        case 'user': {
          // A password change or a revoked sign-in voids the token that opened the connection.
          const claims = s.token === undefined ? null : await options.verifyAccessToken(s.token);
          if (s.token !== undefined && claims?.userId !== p.userId) return null;
          return loadUserPrincipal(db, p.userId);
        }
        case 'device':
          return loadDevicePrincipal(db, p.sn, s.announced);
        case 'drc':
          return s.drcGrant && isLiveGrant(s.drcGrant, now()) ? p : null;
      }
    },
    async announce(s, children) {
      if (s.principal.kind !== 'device') return;
      s.announced = [...new Set(children)];
      const fresh = await auth.reload(s);
      if (fresh) s.principal = fresh;
      s.loadedAt = now();
    },
  };
  return auth;
}

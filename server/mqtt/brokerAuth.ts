/**
 * Broker authentication and authorization over the database, shared by the embedded Aedes hooks and
 * the EMQX HTTP endpoints. Console users sign in with their access token as password, devices with
 * serial number + device secret, the server's own client with an internal secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/Db.ts';
import {
  CONTROL_PERMISSION,
  deviceSecretHash,
  findUserById,
  findUserByName,
  gatewayFamilySns,
  roleHasPermission,
  subtreeDeviceSns,
} from './authQueries.ts';
import { mayPublish, maySubscribe } from './topicRules.ts';
import type { Principal } from './topicRules.ts';
import type { Log } from './log.ts';

/** What `verifyAccessToken` yields for a valid console access token. */
export interface AccessClaims {
  userId: number;
  roleId: number;
  workspaceId: number;
}

export interface BrokerAuthOptions {
  db: Db;
  log: Log;
  /** Checks a console access token (server/auth/tokens.ts); null when invalid or expired. */
  verifyAccessToken: (token: string) => Promise<AccessClaims | null> | AccessClaims | null;
  /** Password of the server's own client; an empty secret disables that account. */
  serverSecret: string;
  serverUsername?: string;
  /** Clock in ms, injectable for tests. */
  now?: () => number;
  /** A refused device is re-read from the database at most this often (new devices, new topology). */
  refreshAfterMs?: number;
}

/** One connection's principal, cached for the life of the connection. */
export interface BrokerSession {
  principal: Principal;
  loadedAt: number;
}

export type BrokerAction = 'publish' | 'subscribe';

export interface BrokerAuth {
  readonly serverUsername: string;
  /** Checks credentials; null (and one log line) when refused. */
  authenticate(clientId: string, username: string, password: string): Promise<BrokerSession | null>;
  /** The session of an already-authenticated username (external brokers ask ACL without a password). */
  sessionFor(username: string): Promise<BrokerSession | null>;
  /** Whether the session may do `action` on `topic`; refusals are logged. */
  authorize(
    session: BrokerSession,
    action: BrokerAction,
    topic: string,
    clientId: string,
  ): Promise<boolean>;
}

export const DEFAULT_SERVER_USERNAME = 'skydeck-server';
const DEFAULT_REFRESH_AFTER_MS = 5_000;

/** sha256 hex of a device secret, as stored in `devices.secret_hash`. */
export const hashDeviceSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Builds the broker's auth over `db`. */
export function createBrokerAuth(options: BrokerAuthOptions): BrokerAuth {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const serverUsername = options.serverUsername ?? DEFAULT_SERVER_USERNAME;
  const refreshAfterMs = options.refreshAfterMs ?? DEFAULT_REFRESH_AFTER_MS;
  const session = (principal: Principal): BrokerSession => ({ principal, loadedAt: now() });

  async function userPrincipal(userId: number): Promise<Principal | null> {
    const user = await findUserById(db, userId);
    if (!user) return null;
    return {
      kind: 'user',
      name: user.username,
      userId: user.id,
      roleId: user.role_id,
      workspaceId: user.workspace_id,
      canControl: await roleHasPermission(db, user.role_id, CONTROL_PERMISSION),
      sns: await subtreeDeviceSns(db, user.workspace_id),
    };
  }

  async function devicePrincipal(sn: string): Promise<Principal> {
    return { kind: 'device', name: sn, sn, sns: await gatewayFamilySns(db, sn) };
  }

  async function verifyDevice(sn: string, secret: string): Promise<boolean> {
    const stored = await deviceSecretHash(db, sn);
    return stored !== undefined && stored !== '' && sameText(stored, hashDeviceSecret(secret));
  }

  async function check(username: string, password: string): Promise<Principal | null> {
    if (username === serverUsername) {
      return options.serverSecret !== '' && sameText(password, options.serverSecret)
        ? { kind: 'server', name: serverUsername }
        : null;
    }
    if (await verifyDevice(username, password)) return devicePrincipal(username);
    const claims = await options.verifyAccessToken(password);
    if (!claims) return null;
    const principal = await userPrincipal(claims.userId);
    // The token must belong to the account named in the username: no signing in as someone else.
    return principal?.name === username ? principal : null;
  }

  async function reload(s: BrokerSession): Promise<void> {
    const p = s.principal;
    const fresh = p.kind === 'user' ? await userPrincipal(p.userId) : null;
    if (fresh) s.principal = fresh;
    if (p.kind === 'device') s.principal = await devicePrincipal(p.sn);
    s.loadedAt = now();
  }

  return {
    serverUsername,
    async authenticate(clientId, username, password) {
      const principal = await check(username, password);
      if (!principal) log.warn(`mqtt refused connect client=${clientId} user=${username}`);
      return principal ? session(principal) : null;
    },
    async sessionFor(username) {
      if (username === serverUsername) return session({ kind: 'server', name: serverUsername });
      if ((await deviceSecretHash(db, username)) !== undefined)
        return session(await devicePrincipal(username));
      const user = await findUserByName(db, username);
      const principal = user ? await userPrincipal(user.id) : null;
      return principal ? session(principal) : null;
    },
    async authorize(s, action, topic, clientId) {
      const rule = action === 'publish' ? mayPublish : maySubscribe;
      let decision = rule(s.principal, topic);
      if (!decision.allow && decision.sn !== undefined && now() - s.loadedAt >= refreshAfterMs) {
        await reload(s);
        decision = rule(s.principal, topic);
      }
      if (decision.allow) return true;
      log.warn(
        `mqtt refused ${action} client=${clientId} user=${s.principal.name} topic=${topic} reason=${decision.reason}`,
      );
      return false;
    },
  };
}

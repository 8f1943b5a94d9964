/**
 * Re-checks open broker connections when who-may-do-what changes (server/principalEvents.ts), and ends
 * a console connection when its access token expires. A connection that lost anything it held is
 * closed rather than trimmed: the console reconnects at once with its current token and subscribes
 * again, and every subscription is then checked by the same rules as the first time. A connection
 * that only gained (a device added to its project) keeps going with the wider principal.
 */
import type { PrincipalChange } from '../principalEvents.ts';
import type { BrokerAuth, BrokerSession } from './brokerAuth.ts';
import type { Log } from '../runtime/log.ts';
import type { Principal } from './topicRules.ts';

/** One open connection: its session and how to end it. */
export interface LiveConnection {
  clientId: string;
  session: BrokerSession;
  close(): void;
}

export interface SessionWatch {
  /** Watches `connection` until `remove` (or its close) is called. */
  add(connection: LiveConnection): void;
  remove(connection: LiveConnection): void;
  /** Re-checks the connections `change` may affect; resolves when all are decided. */
  changed(change: PrincipalChange): Promise<void>;
  /** Ends every timer. */
  stop(): void;
}

/** Longest delay a Node timer accepts (about 24.8 days); a later expiry is re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the connection may go on with `fresh`. A console must still hold everything it held (it
 * may hold more). A gateway must still be in its project; a child it lost is refused message by
 * message from now on, which needs no new connection.
 */
function keepsAll(old: Principal, fresh: Principal): boolean {
  if (old.kind === 'user' && fresh.kind === 'user') {
    for (const sn of old.sns) if (!fresh.sns.has(sn)) return false;
    return (
      (!old.canControl || fresh.canControl) &&
      (!old.canWatch || fresh.canWatch) &&
      // A run subscription is of the user's workspace, and needs the task pages.
      old.workspaceId === fresh.workspaceId &&
      (old.canSeeRuns !== true || fresh.canSeeRuns === true)
    );
  }
  if (old.kind === 'device' && fresh.kind === 'device')
    return old.workspaceId === fresh.workspaceId;
  return old.kind === fresh.kind;
}

/** Whether `change` can alter what the session's principal may do. */
function concerns(change: PrincipalChange, session: BrokerSession): boolean {
  const principal = session.principal;
  if (principal.kind === 'server') return false;
  switch (change.kind) {
    case 'user':
      return principal.kind === 'user' && principal.userId === change.userId;
    case 'role':
      return principal.kind === 'user' && principal.roleId === change.roleId;
    case 'device':
      // Users: the device may have entered or left their scope. Gateways: it may be theirs, or one
      // they announced before it was registered.
      return (
        principal.kind === 'user' ||
        principal.sn === change.sn ||
        principal.sns.has(change.sn) ||
        (session.announced?.includes(change.sn) ?? false)
      );
    case 'workspace':
      return true;
  }
}

/** Creates the watch over `auth`. */
export function createSessionWatch(auth: BrokerAuth, log: Log, now = Date.now): SessionWatch {
  const live = new Map<LiveConnection, ReturnType<typeof setTimeout> | null>();

  function end(connection: LiveConnection, why: string): void {
    log.info(`mqtt closing client=${connection.clientId} (${why})`);
    watch.remove(connection);
    connection.close();
  }

  function arm(connection: LiveConnection): ReturnType<typeof setTimeout> | null {
    const at = connection.session.expiresAt;
    if (at === undefined) return null;
    const wait = Math.max(0, at - now());
    const timer = setTimeout(
      () => {
        if (now() >= at) end(connection, 'access token expired');
        else live.set(connection, arm(connection));
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
    return timer;
  }

  async function recheck(connection: LiveConnection, change: PrincipalChange): Promise<void> {
    const old = connection.session.principal;
    // For a user change the reload also re-checks the access token (password change, revocation).
    const fresh = await auth.reload(connection.session);
    if (!live.has(connection)) return;
    if (!fresh) return end(connection, 'account or device no longer allowed');
    if (!keepsAll(old, fresh)) return end(connection, `${change.kind} change removed access`);
    connection.session.principal = fresh;
  }

  const watch: SessionWatch = {
    add(connection) {
      live.set(connection, arm(connection));
    },
    remove(connection) {
      const timer = live.get(connection);
      if (timer) clearTimeout(timer);
      live.delete(connection);
    },
    async changed(change) {
      const affected = [...live.keys()].filter((c) => concerns(change, c.session));
      const results = await Promise.allSettled(affected.map((c) => recheck(c, change)));
      for (const r of results)
        if (r.status === 'rejected') log.error(`mqtt re-check failed: ${String(r.reason)}`);
    },
    stop() {
      for (const timer of live.values()) if (timer) clearTimeout(timer);
      live.clear();
    },
  };
  return watch;
}

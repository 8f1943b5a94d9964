/**
 * The pilot's heartbeats on `drc/down` keep a session alive. Any instance that hears one notes it in
 * the database, so the instance serving the session sees it wherever it arrived; that instance ends
 * a session whose pilot went quiet or whose credentials expired, and renews them before they do.
 */
import { STALE_MS } from './drcSession.ts';
import type { Session } from './drcSession.ts';
import type { DrcContext } from './drcContext.ts';
import { drcHolderOf } from './drcHolders.ts';
import { endQuietly, forget } from './drcOwnership.ts';
import { renew, renewalDue } from './drcRenewal.ts';
import { noteHeartbeat } from './drcStore.ts';
import type { SessionRow } from './drcStore.ts';

/** A heard heartbeat is written to the database at most this often per dock, ms. */
const NOTE_MS = 5_000;

/** A heartbeat on the `drc/down` of `dockSn`. */
export function heartbeatHeard(ctx: DrcContext, dockSn: string): void {
  const now = ctx.scheduler.now();
  const s = ctx.owned.get(dockSn);
  // The broker let it through, so it is the holder's: noted wherever the session is served.
  if (s && !s.pending) s.lastHeartbeat = now;
  if (!drcHolderOf(dockSn) || now - (ctx.noted.get(dockSn) ?? -Infinity) < NOTE_MS) return;
  ctx.noted.set(dockSn, now);
  noteHeartbeat(ctx.options.db, dockSn, now).catch((error: unknown) => {
    ctx.options.log.error(`drc: could not note the heartbeat: ${String(error)}`);
  });
}

/**
 * Checks every session this instance serves against the database's `rows` at `now`: forgets the
 * ones another instance ended or took, ends the silent and expired ones, renews the ones due.
 */
export function checkServed(
  ctx: DrcContext,
  rows: ReadonlyMap<string, SessionRow>,
  now: number,
): void {
  for (const s of [...ctx.owned.values()]) {
    if (s.pending) continue;
    const row = rows.get(s.dockSn);
    // Ended through another instance, or taken over by one (the same pilot entering there).
    if (row?.owner !== ctx.owner) {
      forget(ctx, s);
      continue;
    }
    s.lastHeartbeat = Math.max(s.lastHeartbeat, row.lastHeartbeat);
    if (now - s.lastHeartbeat > STALE_MS) endQuietly(ctx, s, 'heartbeat lost');
    else if (now >= s.expiresAt) endQuietly(ctx, s, 'credentials expired');
    else if (renewalDue(s, now)) renewQuietly(ctx, s);
  }
}

function renewQuietly(ctx: DrcContext, s: Session): void {
  renew(ctx, s).catch((error: unknown) => {
    ctx.options.log.error(`drc: renewal on ${s.dockSn} failed: ${String(error)}`);
  });
}

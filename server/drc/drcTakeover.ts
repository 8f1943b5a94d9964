/**
 * Takeover: sessions no running instance serves (this server restarted, or the instance that
 * served them died) are served here from then on. The holder keeps the drone, and the dock hears
 * `drc_mode_enter` again with the same credentials once it is online.
 */
import { actorOf, sessionFromRow, STALE_MS } from './drcSession.ts';
import type { Session } from './drcSession.ts';
import { connectedLink, isServed } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { sendEnterSteps } from './drcDockCalls.ts';
import { DRC_NO_REPLY } from './drcLink.ts';
import { endQuietly, serve } from './drcOwnership.ts';
import { dockRow } from './drcQueries.ts';
import { adoptSessions } from './drcStore.ts';

/** How long a session taken over waits for its dock to come online, ms. */
const RESUME_WAIT_MS = 30_000;
const RESUME_POLL_MS = 500;

/** Takes over the sessions nobody serves; `why` heads their audit rows. */
export async function adopt(ctx: DrcContext, why: string): Promise<void> {
  const now = ctx.scheduler.now();
  for (const row of await adoptSessions(ctx.options.db, ctx.owner, now, STALE_MS)) {
    if (ctx.owned.has(row.dockSn)) continue;
    // The pilot's tab reconnects and resumes heartbeats; it gets the usual time to do so.
    const s = sessionFromRow(row, now);
    serve(ctx, s);
    resume(ctx, s, why).catch((error: unknown) => {
      ctx.options.log.error(`drc: could not resume ${s.dockSn}: ${String(error)}`);
    });
  }
}

/**
 * Puts the dock of a session taken over into DRC again, or ends the session. The database may
 * still call the dock online from before a restart, and a dock that has not reconnected yet does
 * not answer: unanswered attempts are repeated until {@link RESUME_WAIT_MS}.
 */
async function resume(ctx: DrcContext, s: Session, why: string): Promise<void> {
  const deadline = Date.now() + RESUME_WAIT_MS;
  while (isServed(ctx, s) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, RESUME_POLL_MS));
    const dock = await dockRow(ctx.options.db, s.dockSn);
    const link = dock?.online && isServed(ctx, s) ? await connectedLink(ctx) : null;
    if (!link) continue;
    const result = await sendEnterSteps(ctx, link, s, actorOf(s.holder, ''), why);
    if (result === 0) return;
    if (result !== DRC_NO_REPLY) return endQuietly(ctx, s, `not ${why}`);
  }
  if (isServed(ctx, s)) endQuietly(ctx, s, `not ${why}: the dock did not answer`);
}

/**
 * The sweep, once a second: heartbeats, expiry and renewal of the sessions this instance serves,
 * the copy of every instance's sessions into this broker's tables, overdue e-stops, finished stick
 * bursts, and every {@link HOUSEKEEPING_MS} the housekeeping.
 */
import { isFlying } from './drcSession.ts';
import { mirror } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { checkServed } from './drcHeartbeat.ts';
import { housekeeping } from './drcHousekeeping.ts';
import { readSessions } from './drcStore.ts';

/** How often heartbeats, expiry, renewal and finished bursts are checked, ms. */
export const SWEEP_MS = 1_000;
/**
 * How often this instance says it is alive, takes over sessions of silent instances and re-checks
 * its holders' permission (a change made on another instance is not announced here), ms.
 */
const HOUSEKEEPING_MS = 5_000;

/**
 * The sweep of `ctx` as a function to call on every tick. One sweep runs at a time; a tick that
 * arrives meanwhile runs it once more right after. Nothing runs once the service closed.
 */
export function sweeper(ctx: DrcContext): () => void {
  let sweeping = false;
  let again = false;
  let housekeptAt = 0;
  const sweep = async (): Promise<void> => {
    const now = ctx.scheduler.now();
    await sweepOnce(ctx, now);
    if (now - housekeptAt >= HOUSEKEEPING_MS) {
      housekeptAt = now;
      await housekeeping(ctx, now);
    }
  };
  const request = (): void => {
    if (ctx.closed) return;
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = true;
    sweep()
      .catch((error: unknown) => {
        ctx.options.log.error(`drc: sweep failed: ${String(error)}`);
      })
      .finally(() => {
        sweeping = false;
        if (again) {
          again = false;
          request();
        }
      });
  };
  return request;
}

async function sweepOnce(ctx: DrcContext, now: number): Promise<void> {
  const rows = new Map((await readSessions(ctx.options.db)).map((r) => [r.dockSn, r]));
  checkServed(ctx, rows, now);
  const live = [...rows.values()].filter((r) => isFlying(r, now));
  const entering = new Set([...ctx.owned.values()].filter((s) => s.pending).map((s) => s.dockSn));
  for (const dockSn of mirror(ctx, live, entering))
    ctx.options.events.changed({ kind: 'device', sn: dockSn });
  ctx.traffic.auditOverdue(now);
  await ctx.traffic.flushBursts();
}

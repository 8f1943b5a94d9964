/**
 * What an instance does every few seconds besides the sweep: it says it is alive, takes over the
 * sessions of silent instances, and re-checks that its holders may still fly (a change made on
 * another instance is not announced here). A change announced here is re-checked at once.
 */
import { DRC_PERMISSION } from '../../protocol/drc.ts';
import type { PrincipalChange } from '../principalEvents.ts';
import type { Session } from './drcSession.ts';
import { isServed } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { endQuietly } from './drcOwnership.ts';
import { stillMay } from './drcQueries.ts';
import { touchOwner } from './drcStore.ts';
import { adopt } from './drcTakeover.ts';

/** One round of housekeeping at `now`. */
export async function housekeeping(ctx: DrcContext, now: number): Promise<void> {
  await touchOwner(ctx.options.db, ctx.owner, now);
  if (ctx.listening) await adopt(ctx, 'taken over from a silent instance');
  for (const s of [...ctx.owned.values()]) if (!s.pending) recheck(ctx, s);
}

/** A holder whose account or role changed keeps the drone only while still allowed to fly. */
export function principalChanged(ctx: DrcContext, change: PrincipalChange): void {
  for (const s of [...ctx.owned.values()]) {
    const concerned =
      (change.kind === 'user' && change.userId === s.holder.userId) ||
      (change.kind === 'role' && change.roleId === s.holder.roleId);
    if (concerned && !s.pending) recheck(ctx, s);
  }
}

function recheck(ctx: DrcContext, s: Session): void {
  stillMay(ctx.options.db, s.holder.userId, DRC_PERMISSION)
    .then((may) => {
      if (!may && isServed(ctx, s)) endQuietly(ctx, s, 'permission lost');
    })
    .catch((error: unknown) => {
      ctx.options.log.error(`drc: permission re-check failed: ${String(error)}`);
    });
}

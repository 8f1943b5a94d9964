/** The delivery log keeps 30 days: older rows (and their attempts) are deleted now and then. */
import { DELIVERY_RETENTION_DAYS } from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import { after } from './timers.ts';

const PRUNE_EVERY_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/** Deletes deliveries older than the retention on `now`'s clock; returns how many. */
export async function pruneDeliveries(db: Db, now: number): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'delete from notification_deliveries where created_at < $1 returning id',
    [new Date(now - DELIVERY_RETENTION_DAYS * DAY_MS)],
  );
  return rows.length;
}

/** Prunes shortly after start and every six hours; the returned function stops it. */
export function startPruning(db: Db, scheduler: Scheduler, onError: (e: unknown) => void) {
  const run = () => {
    pruneDeliveries(db, scheduler.now()).catch(onError);
  };
  // Not at once: the server is still starting, and a restart loop must not prune in a loop.
  const first = after(scheduler, 60_000, run);
  const every = scheduler.every(PRUNE_EVERY_MS, run);
  return () => {
    first();
    every();
  };
}

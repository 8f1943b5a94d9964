import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { EngineContext, ExecutionRow } from './EngineContext.ts';

/** Records that this instance is alive; the others honour its claims while it keeps beating. */
export async function beat(ctx: EngineContext): Promise<void> {
  await ctx.db.query(
    `insert into task_engine_instances (id, seen_at) values ($1, $2)
     on conflict (id) do update set seen_at = excluded.seen_at`,
    [ctx.instanceId, new Date(ctx.now())],
  );
}

/** Forgets this instance's heartbeat so the others take its flights over at once. */
export async function leave(db: Db, instanceId: string): Promise<void> {
  await db.query('delete from task_engine_instances where id = $1', [instanceId]);
}

/**
 * Whether this instance follows `row`: it holds the claim, nobody does, or the holder stopped beating
 * (then the claim moves here, so exactly one instance records the timeline and publishes `taskInfo`).
 */
export async function holdsClaim(ctx: EngineContext, row: ExecutionRow): Promise<boolean> {
  if (row.claimed_by === ctx.instanceId) return true;
  if (row.claimed_by !== null) {
    const holder = await queryOne<{ seen_at: Date }>(
      ctx.db,
      'select seen_at from task_engine_instances where id = $1',
      [row.claimed_by],
    );
    if (holder && holder.seen_at.getTime() >= ctx.now() - ctx.claimTtlMs) return false;
  }
  // Compare-and-set: of two instances taking over at once, one wins.
  const taken = await ctx.db.query<{ id: number }>(
    `update flight_task_executions set claimed_by = $2
     where id = $1 and claimed_by is not distinct from $3 returning id`,
    [row.id, ctx.instanceId, row.claimed_by],
  );
  return taken.length === 1;
}

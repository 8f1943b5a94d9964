import type { Db } from '../db/Db.ts';

/** Who a step of the engine is recorded for: the task's creator, or the user who asked for it. */
export interface StepActor {
  userId: number | null;
  username: string;
}

/**
 * One entry of an execution's timeline, at `atMs` (the engine's clock, so virtual time in tests
 * orders the timeline like the flight), or the database's clock when none is given.
 */
export async function recordEvent(
  db: Db,
  executionId: number,
  kind: string,
  data: Record<string, unknown>,
  atMs?: number,
): Promise<void> {
  await db.query(
    `insert into flight_task_events (execution_id, kind, data, ts)
     values ($1, $2, $3, coalesce($4, now()))`,
    [executionId, kind, JSON.stringify(data), atMs === undefined ? null : new Date(atMs)],
  );
}

/** An audit row for one step the engine took on a flight: the service, its reply code and latency. */
export async function auditStep(
  db: Db,
  actor: StepActor,
  step: { action: string; flightId: string; taskName: string; ok: boolean; detail: string },
): Promise<void> {
  await db.query(
    `insert into audit_logs (user_id, username, module, action, target, target_name, ip, result, detail)
     values ($1, $2, 'task', $3, $4, $5, '', $6, $7)`,
    [
      actor.userId,
      actor.username,
      step.action,
      step.flightId,
      step.taskName,
      step.ok ? 'success' : 'failure',
      step.detail,
    ],
  );
}

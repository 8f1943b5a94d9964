import type { Db } from '../db/Db.ts';

/** Who a step of the engine is recorded for: the task's creator, or the user who asked for it. */
export interface StepActor {
  userId: number | null;
  username: string;
}

/** One entry of an execution's timeline. */
export async function recordEvent(
  db: Db,
  executionId: number,
  kind: string,
  data: Record<string, unknown>,
): Promise<void> {
  await db.query('insert into flight_task_events (execution_id, kind, data) values ($1, $2, $3)', [
    executionId,
    kind,
    JSON.stringify(data),
  ]);
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

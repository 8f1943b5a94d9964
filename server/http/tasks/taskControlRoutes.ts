import type { FastifyRequest } from 'fastify';
import { TASK_API } from '../../../protocol/tasks.ts';
import { queryOne } from '../../db/Db.ts';
import { NO_REPLY } from '../../tasks/DeviceLink.ts';
import { FLYING_STATES, sqlList } from '../../tasks/executionStates.ts';
import type { ControlMethod } from '../../tasks/taskEngine.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { scopedTask } from './taskQueries.ts';
import { controlBody } from './taskSchemas.ts';

const CONTROLS: readonly { path: string; method: ControlMethod; action: string }[] = [
  { path: TASK_API.pause, method: 'flighttask_pause', action: 'pause' },
  { path: TASK_API.resume, method: 'flighttask_recovery', action: 'resume' },
  { path: TASK_API.returnHome, method: 'return_home', action: 'return_home' },
];

/** Pause, resume and return home for a task's flight in progress; the dock's reply decides. */
export function registerTaskControlRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  async function refuse(request: FastifyRequest, action: string, target: string, error: ApiError) {
    await audit(db, request, {
      module: 'task',
      action,
      target,
      result: 'failure',
      detail: error.key,
    });
    return error;
  }

  for (const control of CONTROLS)
    app.post(
      control.path,
      { config: { access: 'task:edit' }, schema: { body: controlBody } },
      async (request) => {
        const b = request.body;
        const task = await scopedTask(db, callerOf(request), b.id);
        const target = String(task.id);
        const live = await queryOne<{ id: number }>(
          db,
          `select id from flight_task_executions where task_id = $1
           and state in (${sqlList(FLYING_STATES)}) and ($2::int is null or id = $2)
           order by planned_at desc limit 1`,
          [task.id, b.execution_id ?? null],
        );
        if (!live)
          throw await refuse(request, control.action, target, new ApiError(409, 'task.not_flying'));
        const engine = deps.tasks.get();
        if (!engine)
          throw await refuse(
            request,
            control.action,
            target,
            new ApiError(409, 'task.engine_offline'),
          );
        const caller = callerOf(request);
        const reply = await engine.control(live.id, control.method, {
          userId: caller.userId,
          username: caller.username,
        });
        if (reply.result === NO_REPLY) throw new ApiError(409, 'task.no_reply');
        if (reply.result !== 0)
          throw new ApiError(409, 'task.device_error', { code: reply.result });
        return ok(request, { result: reply.result, latency_ms: reply.latencyMs });
      },
    );
}

/**
 * The cockpit's session routes (protocol/drc.ts): enter, exit, status and commands. Sticks,
 * heartbeats and e-stops do not pass here: the tab's worker publishes them on `drc/down`, which the
 * broker lets through from the holder only.
 */
import type { FastifyRequest } from 'fastify';
import { DRC_API, DRC_PERMISSION, DRC_TEST_API } from '../../../protocol/drc.ts';
import type { Caller } from '../caller.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope, scopedWorkspaceOf } from '../scope.ts';
import type { DrcUser } from '../../drc/drcService.ts';
import { registerDrcGuardRoutes } from './drcGuardRoutes.ts';
import { commandBody, delayBody, enterBody, exitBody, statusQuery } from './drcSchemas.ts';

const userOf = (caller: Caller): DrcUser => ({
  userId: caller.userId,
  username: caller.username,
  roleId: caller.roleId,
});

/** Registers the DRC routes over the DRC service the composition root started. */
export function registerDrcRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const service = deps.drc.get();
  if (!service) throw new Error('the DRC service starts before its routes (app.ts)');
  registerDrcGuardRoutes(app, deps);
  /** The dock, when it exists in the caller's scope (404 otherwise). */
  const scopedDock = (request: FastifyRequest, dockSn: string) =>
    scopedWorkspaceOf(db, callerOf(request), 'devices', { column: 'device_sn', value: dockSn });

  app.post(
    DRC_API.enter,
    { config: { access: DRC_PERMISSION }, schema: { body: enterBody } },
    async (request) => {
      const caller = callerOf(request);
      await requireInScope(caller, request.body.workspace_id, 'workspace');
      await scopedDock(request, request.body.dock_sn);
      const session = await service.enter(userOf(caller), request.body.dock_sn, request.ip);
      return ok(request, session);
    },
  );

  app.post(
    DRC_API.exit,
    { config: { access: DRC_PERMISSION }, schema: { body: exitBody } },
    async (request) => {
      await scopedDock(request, request.body.dock_sn);
      const status = await service.exit(
        userOf(callerOf(request)),
        request.body.dock_sn,
        request.ip,
      );
      return ok(request, status);
    },
  );

  // Anyone who may see the dock sees who flies it: a viewer watches, a second pilot learns who holds it.
  app.get(
    DRC_API.status,
    { config: { access: 'signed-in' }, schema: { querystring: statusQuery } },
    async (request) => {
      await scopedDock(request, request.query.dock_sn);
      return ok(request, await service.status(request.query.dock_sn));
    },
  );

  app.post(
    DRC_API.command,
    { config: { access: DRC_PERMISSION }, schema: { body: commandBody } },
    async (request) => {
      await scopedDock(request, request.body.dock_sn);
      const result = await service.command(userOf(callerOf(request)), request.body, request.ip);
      return ok(request, result);
    },
  );

  // Test-only (`DRC_TEST_HOOKS=1`, off by default): slows one simulated dock's `drc/up` so the
  // cockpit's latency guard can be exercised. Without the switch the route does not exist.
  if (deps.config.drcTestHooks)
    app.post(
      DRC_TEST_API.delay,
      { config: { access: DRC_PERMISSION }, schema: { body: delayBody } },
      async (request) => {
        await scopedDock(request, request.body.dock_sn);
        deps.simulator.setDrcExtraDelay(request.body.dock_sn, request.body.extra_ms);
        return ok(request, request.body);
      },
    );
}

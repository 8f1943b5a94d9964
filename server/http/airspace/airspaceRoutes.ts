/**
 * The areas of a project: read with the page (`airspace`), added, changed and deleted with its
 * buttons, each change in one transaction with its audit row. A shape a dock could not use is
 * refused with 400 naming the field; an area of a project outside the caller's scope is 404. After a
 * change the project's file is rebuilt and its docks are told (server/airspace/projectFile.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { AIRSPACE_ACCESS, AIRSPACE_API } from '../../../protocol/airspace.ts';
import type { AirspaceArea, AirspaceShape } from '../../../protocol/airspace.ts';
import { normalisedShape, shapeProblem } from '../../airspace/areaShape.ts';
import { areaById, areasOf, deleteArea, insertArea, updateArea } from '../../airspace/areaStore.ts';
import { refreshProjectFile } from '../../airspace/projectFile.ts';
import type { Db } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { addBody, delBody, editBody, listQuery } from './airspaceSchemas.ts';

/** A usable shape as stored, or a 400 naming what is wrong with it. */
export function checkedShape(shape: AirspaceShape, field = 'shape'): AirspaceShape {
  const problem = shapeProblem(shape, field);
  if (problem) throw new ApiError(400, problem.key, { ...problem.params, field: problem.field });
  return normalisedShape(shape);
}

/** The area `id` when it is in the caller's scope; else 404 (never a hint that it exists). */
export async function scopedArea(db: Db, caller: Caller, id: number): Promise<AirspaceArea> {
  const area = await areaById(db, id);
  if (!area || !(await caller.scope()).includes(area.workspace_id))
    throw new ApiError(404, 'not_found.airspace');
  return area;
}

/** Rebuilds the project's file after a committed change; a failure is logged, not answered. */
export async function afterChange(
  deps: AppDeps,
  log: FastifyBaseLogger,
  workspaceId: number,
): Promise<void> {
  try {
    await refreshProjectFile(deps.db, deps.storage, deps.airspace, workspaceId);
  } catch (error) {
    log.error({ err: error, workspaceId }, 'airspace file could not be rebuilt');
  }
}

/** Registers list, add, edit and del. */
export function registerAirspaceAreaRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    AIRSPACE_API.list,
    { config: { access: AIRSPACE_ACCESS.read }, schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const workspaceId = request.query.workspace_id ?? caller.workspaceId;
      await requireInScope(caller, workspaceId, 'workspace');
      return ok<AirspaceArea[]>(request, await areasOf(db, workspaceId));
    },
  );

  app.post(
    AIRSPACE_API.add,
    { config: { access: AIRSPACE_ACCESS.add }, schema: { body: addBody } },
    async (request) => {
      const b = request.body;
      const workspaceId = b.workspace_id ?? callerOf(request).workspaceId;
      const label = { module: 'airspace', action: 'add', targetName: b.name };
      const area = await runChange(deps, request, label, async (tx, who) => {
        await requireInScope(who, workspaceId, 'workspace');
        const shape = checkedShape(b.shape);
        const added = await insertArea(tx, {
          workspaceId,
          name: b.name,
          kind: b.kind,
          shape,
          enabled: b.enabled,
          by: who.username,
        });
        await audit(tx, request, { ...label, target: String(added.id), detail: b.kind });
        return added;
      });
      await afterChange(deps, request.log, workspaceId);
      return ok<AirspaceArea>(request, area);
    },
  );

  app.post(
    AIRSPACE_API.edit,
    { config: { access: AIRSPACE_ACCESS.edit }, schema: { body: editBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'airspace', action: 'edit', target: String(b.id) };
      const area = await runChange(deps, request, label, async (tx, who) => {
        const before = await scopedArea(tx, who, b.id);
        const next = {
          name: b.name ?? before.name,
          kind: b.kind ?? before.kind,
          shape: b.shape ? checkedShape(b.shape) : before.shape,
          enabled: b.enabled ?? before.enabled,
        };
        const changed = await updateArea(tx, b.id, next, who.username);
        const fields = (['name', 'kind', 'shape', 'enabled'] as const).filter(
          (f) => b[f] !== undefined,
        );
        await audit(tx, request, { ...label, targetName: changed.name, detail: fields.join(', ') });
        return changed;
      });
      await afterChange(deps, request.log, area.workspace_id);
      return ok<AirspaceArea>(request, area);
    },
  );

  app.post(
    AIRSPACE_API.del,
    { config: { access: AIRSPACE_ACCESS.del }, schema: { body: delBody } },
    async (request) => {
      const b = request.body;
      const label = { module: 'airspace', action: 'del', target: String(b.id) };
      const area = await runChange(deps, request, label, async (tx, who) => {
        const gone = await scopedArea(tx, who, b.id);
        await deleteArea(tx, b.id);
        await audit(tx, request, { ...label, targetName: gone.name });
        return gone;
      });
      await afterChange(deps, request.log, area.workspace_id);
      return ok<null>(request, null);
    },
  );
}

/**
 * Reads of the model registry: the list, one model with its versions and per-device deployments,
 * the devices a version may go to, and the signed file link the devices download from.
 */
import type { Page } from '../../../protocol/http.ts';
import type { AiModel, AiModelDetail, ModelTarget } from '../../../protocol/models.ts';
import { MODEL_API } from '../../../protocol/models.ts';
import { queryOne } from '../../db/Db.ts';
import { validModelSignature } from '../../models/modelFileLink.ts';
import { ApiError } from '../ApiError.ts';
import { subtreeIds } from '../caller.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { sendStoredFile } from '../fileReply.ts';
import { requireInScope } from '../scope.ts';
import { deploymentsOf, listModels, modelById, targetsOf, versionsOf } from './modelQueries.ts';
import { byIdQuery, fileQuery, listQuery, READ_ACCESS, targetsQuery } from './modelSchemas.ts';

export function registerModelReadRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const access = { access: READ_ACCESS };

  app.get(
    MODEL_API.list,
    { config: access, schema: { querystring: listQuery } },
    async (request) => {
      const q = request.query;
      const caller = callerOf(request);
      let scope = await caller.scope();
      if (q.workspace_id !== undefined) {
        await requireInScope(caller, q.workspace_id, 'workspace');
        scope = await subtreeIds(db, q.workspace_id);
      }
      const { list, total } = await listModels(db, scope, q);
      return ok<Page<AiModel>>(request, { data: list, total });
    },
  );

  app.get(
    MODEL_API.info,
    { config: access, schema: { querystring: byIdQuery } },
    async (request) => {
      const model = await modelById(db, await callerOf(request).scope(), request.query.id);
      if (!model) throw new ApiError(404, 'not_found');
      const detail: AiModelDetail = {
        ...model,
        versions: await versionsOf(db, model.id),
        deployments: await deploymentsOf(db, model.id),
      };
      return ok(request, detail);
    },
  );

  app.get(
    MODEL_API.targets,
    { config: access, schema: { querystring: targetsQuery } },
    async (request) => {
      const model = await modelById(db, await callerOf(request).scope(), request.query.model_id);
      if (!model) throw new ApiError(404, 'not_found');
      return ok<ModelTarget[]>(request, await targetsOf(db, model.workspace_id));
    },
  );

  // Public like the docks' KMZ links: a device has no console token, so the signed link handed
  // out with the deploy service is the credential.
  app.get(
    MODEL_API.file,
    { config: { access: 'public' }, schema: { querystring: fileQuery } },
    async (request, reply) => {
      const q = request.query;
      if (!validModelSignature(deps.tokenSecret, q, Date.now()))
        throw new ApiError(403, 'forbidden');
      const row = await queryOne<{ file_key: string; sha256: string }>(
        db,
        'select file_key, sha256 from ai_model_versions where id = $1',
        [q.id],
      );
      const object = row ? await deps.storage.get(row.file_key) : undefined;
      if (!row || !object) throw new ApiError(404, 'not_found');
      return sendStoredFile(reply, {
        body: object.body,
        name: `model-${String(q.id)}.bin`,
        etag: `"${row.sha256}"`,
        as: { kind: 'download' },
      });
    },
  );
}

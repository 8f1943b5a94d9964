/**
 * `POST /api/model/upload?…` with the ONNX file as the raw body (`application/octet-stream`), one
 * file per request like the wayline import, so the console shows the upload's own progress. The
 * file is read as ONNX (off the event loop when large, within fixed limits) before anything is
 * stored; a file that is not one, or breaks a limit, is refused naming `file`.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { failureDetail } from '../../../protocol/auditFailures.ts';
import type { AiModelVersion } from '../../../protocol/models.ts';
import { MODEL_API, MODEL_MAX_UPLOAD_BYTES } from '../../../protocol/models.ts';
import type { Db } from '../../db/Db.ts';
import { inputSizeOf, OnnxFileError } from '../../models/readOnnx.ts';
import { readOnnxOffThread } from '../../models/readOnnxOffThread.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../caller.ts';
import { runChange } from '../change.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { requireInScope } from '../scope.ts';
import { versionsOf } from './modelQueries.ts';
import type { UploadQuery } from './modelSchemas.ts';
import { ADD_ACCESS, uploadQuery } from './modelSchemas.ts';
import { acceptRawBody } from '../rawBody.ts';

/**
 * The ONNX facts and the file's bytes (a large file's buffer moves to the reading thread and back,
 * so only the returned bytes hold it), or a 400 naming `file` (audited as a refused upload).
 */
async function readOrRefuse(
  deps: AppDeps,
  request: FastifyRequest,
  received: Uint8Array,
  name: string,
) {
  try {
    const { facts, bytes } = await readOnnxOffThread(received);
    // Detections need the image size the model expects, so a dynamic one is refused here.
    const size = inputSizeOf(facts);
    if (!size)
      throw new OnnxFileError('the first input is not an image of fixed size [n, 3, h, w]');
    return { facts, size, bytes };
  } catch (error) {
    if (!(error instanceof OnnxFileError)) throw error;
    const params = { field: 'file', reason: error.reason };
    await audit(deps.db, request, {
      module: 'model',
      action: 'add',
      target: name,
      result: 'failure',
      detail: failureDetail('model.bad_file', params),
    });
    throw new ApiError(400, 'model.bad_file', params);
  }
}

/** The model the version joins: the named one in scope, or a new one (its name free). */
async function modelFor(
  tx: Db,
  caller: Caller,
  q: UploadQuery,
): Promise<{ id: number; name: string }> {
  const scope = await caller.scope();
  if (q.model_id !== undefined) {
    const [found] = await tx.query<{ id: number; name: string }>(
      'select id, name from ai_models where id = $1 and workspace_id = any($2::int[]) for update',
      [q.model_id, scope],
    );
    if (!found) throw new ApiError(404, 'not_found');
    return found;
  }
  const name = q.name ?? '';
  const [taken] = await tx.query('select 1 from ai_models where workspace_id = $1 and name = $2', [
    q.workspace_id,
    name,
  ]);
  if (taken) throw new ApiError(409, 'conflict.duplicate');
  const [made] = await tx.query<{ id: number }>(
    `insert into ai_models (workspace_id, name, task_type, created_by) values ($1, $2, $3, $4)
     returning id`,
    [q.workspace_id, name, q.task_type, caller.username],
  );
  if (!made) throw new Error('model not inserted');
  return { id: made.id, name };
}

export function registerModelUploadRoute(app: ZodApp, deps: AppDeps): void {
  void app.register((scoped: ZodApp, _options, done) => {
    // Only this route reads raw bytes; everywhere else an octet-stream body stays unsupported.
    acceptRawBody(scoped, 'application/octet-stream', MODEL_MAX_UPLOAD_BYTES);
    scoped.post(
      MODEL_API.upload,
      {
        config: { access: ADD_ACCESS },
        bodyLimit: MODEL_MAX_UPLOAD_BYTES,
        schema: { querystring: uploadQuery },
      },
      async (request) => {
        const caller = callerOf(request);
        const q = request.query;
        if (q.model_id === undefined && q.workspace_id !== undefined)
          await requireInScope(caller, q.workspace_id, 'workspace');
        // A view of the body, not a copy: a model may be 200 MB, and the body is held already.
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const received = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        const label = q.name ?? String(q.model_id ?? '');
        const { facts, size, bytes } = await readOrRefuse(
          deps,
          request,
          received,
          `${label} ${q.version}`,
        );
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        // Stored first, under a key no other upload uses; a refusal below removes it again.
        const key = `models/${sha256.slice(0, 2)}/${sha256}-${String(Date.now())}.onnx`;
        await deps.storage.put(key, bytes, 'application/octet-stream');
        try {
          const versionId = await runChange(
            deps,
            request,
            { module: 'model', action: 'add', target: `${label} ${q.version}` },
            async (tx, c) => {
              const model = await modelFor(tx, c, q);
              const [dup] = await tx.query(
                'select 1 from ai_model_versions where model_id = $1 and version = $2',
                [model.id, q.version],
              );
              if (dup) throw new ApiError(409, 'conflict.duplicate');
              const [row] = await tx.query<{ id: number }>(
                `insert into ai_model_versions (model_id, version, input_width, input_height, classes,
                   threshold, notes, file_key, size, sha256, onnx, created_by)
                 values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11::jsonb, $12) returning id`,
                [
                  model.id,
                  q.version,
                  size[0],
                  size[1],
                  JSON.stringify(q.classes),
                  q.threshold,
                  q.notes,
                  key,
                  bytes.length,
                  sha256,
                  JSON.stringify(facts),
                  c.username,
                ],
              );
              await tx.query('update ai_models set updated_at = now() where id = $1', [model.id]);
              await audit(tx, request, {
                module: 'model',
                action: 'add',
                target: String(model.id),
                targetName: `${model.name} ${q.version}`,
                detail: `sha256 ${sha256}, ${String(bytes.length)} bytes, ${q.classes.join(',')}`,
              });
              return { versionId: row?.id ?? 0, modelId: model.id };
            },
          );
          const versions = await versionsOf(deps.db, versionId.modelId);
          const made = versions.find((v) => v.id === versionId.versionId);
          return ok<AiModelVersion | undefined>(request, made);
        } catch (error) {
          await deps.storage.delete(key);
          throw error;
        }
      },
    );
    done();
  });
}

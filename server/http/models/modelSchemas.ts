import { z } from 'zod';
import { MODEL_TASK_TYPES } from '../../../protocol/models.ts';
import { id, numeric, optionalId, optionalText, paging } from '../schemas.ts';

export const READ_ACCESS = 'model';
export const ADD_ACCESS = 'model:add';
export const EDIT_ACCESS = 'model:edit';
export const DEL_ACCESS = 'model:del';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** A class name as detectors report it: letters, digits, dot, dash, underscore. */
const className = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);

export const listQuery = z.object({
  ...paging,
  workspace_id: optionalId,
  name: optionalText,
  task_type: z.preprocess(emptyToUndefined, z.enum(MODEL_TASK_TYPES).optional()),
});
export type ListQuery = z.infer<typeof listQuery>;

export const byIdQuery = z.object({ id });
export const targetsQuery = z.object({ model_id: id });

/**
 * The upload's fields travel in the query string (the body is the file). Either `model_id` adds a
 * version to a model, or `workspace_id`, `name` and `task_type` make a new one.
 */
export const uploadQuery = z
  .object({
    model_id: optionalId,
    workspace_id: optionalId,
    name: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(64).optional()),
    task_type: z.preprocess(emptyToUndefined, z.enum(MODEL_TASK_TYPES).optional()),
    version: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._+-]{1,32}$/),
    /** Comma-separated. */
    classes: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((c) => c.trim())
              .filter((c) => c !== '')
          : v,
      z.array(className).min(1).max(200),
    ),
    threshold: numeric(z.number().min(0.01).max(0.99)),
    notes: z.string().trim().max(500).default(''),
  })
  .superRefine((q, ctx) => {
    if (q.model_id !== undefined) return;
    if (q.workspace_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['workspace_id'], message: 'required' });
    if (q.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required' });
    if (q.task_type === undefined)
      ctx.addIssue({ code: 'custom', path: ['task_type'], message: 'required' });
  });
export type UploadQuery = z.infer<typeof uploadQuery>;

export const editBody = z.object({
  id,
  enabled: z.boolean().optional(),
  name: z.string().trim().min(1).max(64).optional(),
});
export const delBody = z.object({ id });

const deviceSns = z
  .array(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/))
  .min(1)
  .max(100);

export const deployBody = z.object({ version_id: id, device_sns: deviceSns });

/** Without `device_sns`: every device that runs or is getting the model. */
export const undeployBody = z.object({ model_id: id, device_sns: deviceSns.optional() });

export const fileQuery = z.object({
  id,
  expires: numeric(z.number().int()),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

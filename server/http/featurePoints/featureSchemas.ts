import { z } from 'zod';
import { FEATURE_PHOTO_MAX_BYTES, FEATURE_WAYLINE_MAX } from '../../../protocol/featurePoints.ts';
import { pointFields } from '../../featurePoints/pointSchema.ts';
import { waylineName } from '../waylines/waylineName.ts';
import { id, numeric, optionalId, optionalText, paging } from '../schemas.ts';
import { DEFAULT_STANDOFF_M } from '../../featurePoints/inspectionRoute.ts';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const format = z.enum(['csv', 'geojson']);

export const pointFilter = {
  workspace_id: optionalId,
  keyword: optionalText,
  category: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
};

export const listQuery = z.object({ ...paging, ...pointFilter });
export const byIdQuery = z.object({ id });
export const exportQuery = z.object({ ...pointFilter, format });

export const addBody = z.object({ workspace_id: id, ...pointFields });
export const editBody = z.object({ id, ...pointFields });
export const delBody = z.object({ ids: z.array(id).min(1).max(500) });

/** Base64 grows bytes by a third; the limit is checked again on the decoded bytes. */
const BASE64_MAX = Math.ceil((FEATURE_PHOTO_MAX_BYTES * 4) / 3) + 4;
export const PHOTO_BODY_LIMIT = BASE64_MAX + 64 * 1024;
export const photoAddBody = z.object({
  point_id: id,
  name: z.string().trim().max(200).default(''),
  data: z
    .string()
    .min(1)
    .max(BASE64_MAX)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export const photoDelBody = z.object({ id });
export const photoQuery = z.object({
  id,
  variant: z.enum(['file', 'thumb']),
  expires: numeric(z.number().int()),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Largest import text, characters: 5000 rows of generous notes. */
export const IMPORT_TEXT_MAX = 10 * 1024 * 1024;
export const importBody = z.object({
  workspace_id: id,
  format,
  text: z.string().min(1).max(IMPORT_TEXT_MAX),
});

export const waylineBody = z.object({
  workspace_id: id,
  ids: z.array(id).min(1).max(FEATURE_WAYLINE_MAX),
  name: waylineName,
  start: z
    .object({ longitude: z.number().min(-180).max(180), latitude: z.number().min(-90).max(90) })
    .optional(),
  speed: z.number().min(1).max(15).default(8),
  /** m between the aircraft and each point it photographs. */
  standoff: z.number().min(1).max(500).default(DEFAULT_STANDOFF_M),
});

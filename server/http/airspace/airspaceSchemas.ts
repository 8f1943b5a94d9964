/**
 * Request shapes of the airspace API. Positions are only typed here (two or three numbers); whether
 * they are on the globe, how many a ring has, whether it is closed and simple is checked after
 * (server/airspace/areaShape.ts), so each of those refusals names its own problem.
 */
import { z } from 'zod';
import {
  AIRSPACE_IMPORT_MAX_CHARS,
  AIRSPACE_KINDS,
  AIRSPACE_MAX_VERTICES,
  AIRSPACE_NAME_MAX,
} from '../../../protocol/airspace.ts';
import { id, numeric, optionalId } from '../schemas.ts';

/** [lng, lat] or [lng, lat, altitude] (the altitude is dropped: areas are columns). */
const position = z
  .array(z.number())
  .min(2)
  .max(3)
  .transform((v): [number, number] => [v[0] ?? 0, v[1] ?? 0]);

// Rings longer than the limit are still read, so the refusal can say how many it had; the body
// limit (1 MiB) bounds them long before memory matters.
const shape = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('polygon'),
    coordinates: z.array(position).max(AIRSPACE_MAX_VERTICES * 4),
  }),
  z.object({ type: z.literal('circle'), center: position, radius: z.number() }),
]);

const name = z.string().trim().min(1).max(AIRSPACE_NAME_MAX);
const kind = z.enum(AIRSPACE_KINDS);

export const listQuery = z.object({ workspace_id: optionalId });

export const addBody = z.object({
  workspace_id: id.optional(),
  name,
  kind,
  shape,
  enabled: z.boolean().default(true),
});

export const editBody = z.object({
  id,
  name: name.optional(),
  kind: kind.optional(),
  shape: shape.optional(),
  enabled: z.boolean().optional(),
});

export const delBody = z.object({ id });

export const importBody = z.object({
  workspace_id: id.optional(),
  format: z.enum(['geojson', 'kml']),
  kind,
  content: z.string().min(1).max(AIRSPACE_IMPORT_MAX_CHARS),
});

/** A JSON string escapes a character in at most six; the rest of the body is small. */
export const IMPORT_BODY_LIMIT = AIRSPACE_IMPORT_MAX_CHARS * 6 + 4096;

export const resyncBody = z.object({
  workspace_id: id.optional(),
  dock_sn: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
});

export const fileQuery = z.object({
  workspace_id: numeric(z.number().int().min(1).max(2_147_483_647)),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  expires: numeric(z.number().int()),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

import { z } from 'zod';
import { MEDIA_KINDS, MEDIA_MAX_IDS } from '../../../protocol/media.ts';
import { id, numeric, optionalId, optionalText, paging } from '../schemas.ts';

/** Last millisecond of year 9999: PostgreSQL refuses times further out. */
const LATEST_MS = 253_402_300_799_999;

/** An optional time in ms since the epoch, from a query string. */
const optionalMs = z.preprocess(
  (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  // A refinement rather than `int().max()`: the bounds stay out of the OpenAPI document, whose
  // integer limits clients (and the fuzz test) take as 32-bit.
  z
    .number()
    .refine((ms) => Number.isInteger(ms) && ms >= 0 && ms <= LATEST_MS, {
      message: 'expected whole milliseconds from 1970 to 9999',
    })
    .optional(),
);

export const mediaListQuery = z.object({
  ...paging,
  workspace_id: id,
  task_id: optionalId,
  flight_id: optionalText,
  device_sn: optionalText,
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(MEDIA_KINDS).optional()),
  begin: optionalMs,
  end: optionalMs,
  keyword: optionalText,
});

export const mediaIdsBody = z.object({
  workspace_id: id,
  ids: z.array(id).min(1).max(MEDIA_MAX_IDS),
});

export const mediaLinkQuery = z.object({
  id,
  expires: numeric(z.number().refine(Number.isSafeInteger, { message: 'expected a whole number' })),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
  download: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['0', '1']).optional()),
});

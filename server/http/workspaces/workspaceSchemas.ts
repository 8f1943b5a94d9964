/** Request schemas shared by the workspace routes. */
import { z } from 'zod';
import { MOLD_ORGANISATION, MOLD_PROJECT } from '../../../protocol/http.ts';
import { id, name, optionalId, optionalText, paging } from '../schemas.ts';

const mold = z.union([z.literal(MOLD_ORGANISATION), z.literal(MOLD_PROJECT)]);
export const listQuery = z.object({
  ...paging,
  name: optionalText,
  mold_id: optionalId,
  parent_id: optionalId,
});
export const addBody = z.object({
  parent_id: id,
  name: name(64),
  mold_id: mold.default(MOLD_PROJECT),
  description: z.string().trim().max(500).optional(),
});
export const editBody = z.object({
  id,
  name: name(64).optional(),
  mold_id: mold.optional(),
  description: z.string().trim().max(500).optional(),
  parent_id: id.optional(),
});

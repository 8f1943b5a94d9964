/** Request schemas shared by the role routes. */
import { z } from 'zod';
import { id, name, optionalId, optionalText, paging } from '../schemas.ts';

export const listQuery = z.object({ ...paging, name: optionalText, workspace_id: optionalId });
export const menuIds = z.array(id).max(1000);
export const addBody = z.object({
  workspace_id: id,
  name: name(32),
  description: z.string().trim().max(200).optional(),
  menu_ids: menuIds.optional(),
});
export const updateBody = z.object({
  id,
  name: name(32).optional(),
  description: z.string().trim().max(200).optional(),
  menu_ids: menuIds.optional(),
});

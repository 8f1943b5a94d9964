/** Request schemas of the user write routes. */
import { z } from 'zod';
import { id, name, password } from '../schemas.ts';

/** The contact fields a user edits on their profile and an administrator on theirs. */
export const contact = {
  nickname: z.string().trim().max(64).optional(),
  email: z.union([z.literal(''), z.email().max(128)]).optional(),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[\d+\-() ]*$/)
    .optional(),
};
export const addBody = z.object({
  username: name(32).regex(/^[\w.@-]+$/),
  password,
  ...contact,
  role_id: id,
  workspace_id: id,
  enabled: z.boolean().optional(),
});
export const editBody = z.object({
  id,
  ...contact,
  role_id: id.optional(),
  workspace_id: id.optional(),
  enabled: z.boolean().optional(),
});

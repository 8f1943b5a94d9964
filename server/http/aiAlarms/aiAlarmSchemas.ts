import { z } from 'zod';
import { AI_ALARM_STATUSES } from '../../../protocol/aiAlarms.ts';
import {
  id,
  numeric,
  optionalId,
  optionalInt,
  optionalText,
  optionalTime,
  paging,
} from '../schemas.ts';

const status = z.enum(AI_ALARM_STATUSES);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** Serial numbers and classes are letters, digits, dot, dash and underscore. */
const token = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/);

/** Filters of the list, the map, the statistics and the CSV export alike. */
export const alarmFilter = {
  workspace_id: optionalId,
  category: z.preprocess(emptyToUndefined, token.optional()),
  level: z.preprocess(emptyToUndefined, numeric(z.number().int().min(0).max(2)).optional()),
  status: z.preprocess(emptyToUndefined, status.optional()),
  device_sn: z.preprocess(emptyToUndefined, token.optional()),
  task_id: optionalId,
  task: optionalText,
  from: optionalTime,
  to: optionalTime,
  min_confidence: z.preprocess(emptyToUndefined, numeric(z.number().min(0).max(1)).optional()),
};

export const listQuery = z.object({ ...paging, ...alarmFilter });
export type ListQuery = z.infer<typeof listQuery>;
export const statsQuery = z.object(alarmFilter);
export type AlarmFilter = z.infer<typeof statsQuery>;

export const byIdQuery = z.object({ id });
export const openQuery = z.object({ workspace_id: optionalId, limit: optionalInt });
export const byEventQuery = z.object({ device_sn: token, event_id: token });

const note = z.string().trim().max(500).optional();

export const transitionBody = z.object({ id, to: status, assignee_id: id.optional(), note });
export const bulkBody = z.object({
  ids: z.array(id).min(1).max(500),
  to: z.enum(['confirmed', 'false_alarm', 'resolved']),
  note,
});
export const commentBody = z.object({ id, body: z.string().trim().min(1).max(1000) });
export const delBody = z.object({ ids: z.array(id).min(1).max(500) });

export const snapshotQuery = z.object({
  id,
  expires: numeric(z.number().int()),
  sig: z.string().regex(/^[0-9a-f]{64}$/),
});

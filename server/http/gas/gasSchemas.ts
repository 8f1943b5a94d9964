import { z } from 'zod';
import { GAS_CHANNELS } from '../../../protocol/gas.ts';
import { id, numeric, optionalId, optionalTime } from '../schemas.ts';

const token = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);
/** Up to 20 serial numbers, as repeated parameters or one comma-separated list. */
function splitList(v: unknown): unknown {
  if (v === undefined || v === '') return undefined;
  const raw: unknown[] = Array.isArray(v) ? (v as unknown[]) : [v];
  const parts: unknown[] = raw.flatMap((p) => (typeof p === 'string' ? p.split(',') : [p]));
  return parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
}
const deviceList = z.preprocess(splitList, z.array(token).max(20).optional());

/** Which readings: devices, a flight (execution) and/or a time range, within a project's subtree. */
export const rangeQuery = {
  device_sn: deviceList,
  execution_id: optionalId,
  workspace_id: optionalId,
  from: optionalTime,
  to: optionalTime,
};

export const readingsQuery = z.object({
  ...rangeQuery,
  max_points: z.preprocess(
    (v) => (v === '' ? undefined : v),
    numeric(z.number().int().min(10).max(20_000)).optional(),
  ),
});
export type ReadingsQuery = z.infer<typeof readingsQuery>;

export const sourceQuery = z.object({ ...rangeQuery, gas: z.enum(GAS_CHANNELS) });
export const latestQuery = z.object({ device_sn: deviceList, workspace_id: optionalId });
export const devicesQuery = z.object({ workspace_id: optionalId });
export const thresholdsQuery = z.object({ workspace_id: optionalId });

const limit = numeric(z.number().min(0).max(1_000_000_000));
export const thresholdsBody = z.object({
  workspace_id: id.optional(),
  thresholds: z
    .array(z.object({ gas: z.enum(GAS_CHANNELS), caution: limit, warning: limit }))
    .min(1)
    .max(GAS_CHANNELS.length),
});

/**
 * The project and current flight of a device, which every stored reading carries. Read from the
 * database at most once per device every few seconds: a steady stream of readings must not cost two
 * lookups each.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { FLYING_STATES, sqlList } from '../tasks/executionStates.ts';

/** How long a device's project and current flight are trusted before being re-read, ms. */
const CONTEXT_MS = 10_000;

export interface DeviceContext {
  at: number;
  workspaceId: number | null;
  executionId: number | null;
}

/** Device → its context as last read: the app's cache (`GasState.devices`). */
export type DeviceContexts = Map<string, DeviceContext>;

/** `sn`'s project and flight as of `now` (a reading's time), from `cache` while it is fresh. */
export async function deviceContext(
  db: Db,
  cache: DeviceContexts,
  sn: string,
  now: number,
): Promise<DeviceContext> {
  const hit = cache.get(sn);
  if (hit && now - hit.at < CONTEXT_MS) return hit;
  const device = await queryOne<{ workspace_id: number; gateway_sn: string | null }>(
    db,
    'select workspace_id, gateway_sn from devices where device_sn = $1',
    [sn],
  );
  const run = device
    ? await queryOne<{ id: number }>(
        db,
        `select id from flight_task_executions
         where dock_sn = $1 and state in (${sqlList(FLYING_STATES)}) order by id desc limit 1`,
        [device.gateway_sn ?? sn],
      )
    : undefined;
  const ctx = { at: now, workspaceId: device?.workspace_id ?? null, executionId: run?.id ?? null };
  cache.set(sn, ctx);
  return ctx;
}

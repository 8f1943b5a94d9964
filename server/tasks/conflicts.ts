import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { LIVE_STATES, sqlList } from './executionStates.ts';

/** Why a flight cannot be sent now: a message key of the server catalogue. */
export type ConflictReason = 'task.dock_offline' | 'task.dock_busy' | 'task.battery_low';

/**
 * What stands in the way of sending execution `executionId` to `dockSn`: the dock offline, another
 * flight of the dock still going (one prepared ahead for a later time does not count), or the dock's aircraft last reported below `minBattery` %.
 * A battery never reported is left to the dock, which refuses a take-off it cannot make.
 */
export async function dispatchConflict(
  db: Db,
  dockSn: string,
  executionId: number,
  minBattery: number,
  nowMs = Date.now(),
): Promise<{ reason: ConflictReason; battery?: number } | null> {
  const dock = await queryOne<{ online: boolean }>(
    db,
    'select online from devices where device_sn = $1',
    [dockSn],
  );
  if (!dock?.online) return { reason: 'task.dock_offline' };
  const busy = await queryOne<{ id: number }>(
    db,
    `select id from flight_task_executions
     where dock_sn = $1 and id <> $2 and state in (${sqlList(LIVE_STATES)})
       and not (state = 'prepared' and planned_at > $3) limit 1`,
    [dockSn, executionId, new Date(nowMs)],
  );
  if (busy) return { reason: 'task.dock_busy' };
  const battery = await queryOne<{ battery_percent: number | null }>(
    db,
    `select t.battery_percent from device_tracks t
     join devices d on d.device_sn = t.device_sn
     where d.gateway_sn = $1 and d.domain = 0 and t.battery_percent is not null
     order by t.ts desc limit 1`,
    [dockSn],
  );
  if (battery?.battery_percent != null && battery.battery_percent < minBattery)
    return { reason: 'task.battery_low', battery: battery.battery_percent };
  return null;
}

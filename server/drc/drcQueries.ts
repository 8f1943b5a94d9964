/** The database reads of the DRC service. */
import { queryOne } from '../db/Db.ts';
import type { Db } from '../db/Db.ts';
import { roleHasPermission } from '../auth/permissions.ts';
import { findUserById } from '../mqtt/authQueries.ts';
import { FLYING_STATES, sqlList } from '../tasks/executionStates.ts';

/** A dock's workspace and whether it is connected; undefined when not registered. */
export function dockRow(
  db: Db,
  dockSn: string,
): Promise<{ workspace_id: number; online: boolean } | undefined> {
  return queryOne(db, 'select workspace_id, online from devices where device_sn = $1', [dockSn]);
}

/** Main camera payload index per aircraft model `type-sub_type` (protocol §9). */
const CAMERA_BY_MODEL: Readonly<Record<string, string>> = {
  '91-0': '80-0-0',
  '91-1': '81-0-0',
  '67-0': '52-0-0',
  '67-1': '53-0-0',
  '100-0': '98-0-0',
  '100-1': '99-0-0',
};

/** The dock's aircraft (domain 0) and its main camera's payload index, or undefined. */
export async function aircraftOf(
  db: Db,
  dockSn: string,
): Promise<{ sn: string; payloadIndex: string } | undefined> {
  const row = await queryOne<{ device_sn: string; type: number; sub_type: number }>(
    db,
    'select device_sn, type, sub_type from devices where gateway_sn = $1 and domain = 0 order by id limit 1',
    [dockSn],
  );
  if (!row) return undefined;
  const camera = CAMERA_BY_MODEL[`${String(row.type)}-${String(row.sub_type)}`] ?? '0-0-0';
  return { sn: row.device_sn, payloadIndex: camera };
}

/** The name of a flight task whose aircraft is out on this dock's behalf, if any. */
export async function runningTaskName(db: Db, dockSn: string): Promise<string | undefined> {
  const row = await queryOne<{ name: string }>(
    db,
    `select t.name from flight_task_executions e join flight_tasks t on t.id = e.task_id
     where e.dock_sn = $1 and e.state in (${sqlList(FLYING_STATES)}) limit 1`,
    [dockSn],
  );
  return row?.name;
}

/** Whether the user is still enabled and their current role still grants `code`. */
export async function stillMay(db: Db, userId: number, code: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  return user !== undefined && (await roleHasPermission(db, user.role_id, code));
}

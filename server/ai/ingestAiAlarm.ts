/**
 * Turns an `ai_alarm` event into a stored alarm: the device's workspace, the flight it was on, and
 * its snapshot in the media storage — one the device uploaded (`snapshot_key`), or, for a simulated
 * device, one the simulator's renderer draws from the scene the event describes.
 */
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { Fields } from '../mqtt/decode.ts';
import { refuseKey } from '../media/ownedKey.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import { FLYING_STATES, sqlList } from '../tasks/executionStates.ts';
import type { AiAlarmContext } from './aiAlarmContext.ts';
import type { Detection } from './readDetection.ts';
import { readDetection } from './readDetection.ts';

/** Where snapshots live in the object store; a device may only point at its own folder. */
export const snapshotPrefix = (sn: string): string => `ai-alarms/${sn}/`;

interface DeviceRow {
  workspace_id: number;
  gateway_sn: string | null;
}

async function runningExecution(db: Db, dockSn: string) {
  return queryOne<{ id: number; task_id: number }>(
    db,
    `select id, task_id from flight_task_executions
     where dock_sn = $1 and state in ('dispatching', 'prepared', ${sqlList(FLYING_STATES)})
     order by id desc limit 1`,
    [dockSn],
  );
}

/**
 * Whether the alarm may take the snapshot the device named: a well-formed key in the device's own
 * folder, not another alarm's (deleting an alarm deletes its snapshot, so an object shared by two
 * alarms would vanish from under the other), and present in storage.
 */
async function ownSnapshot(db: Db, sn: string, id: number, key: string, storage: ObjectStore) {
  if (refuseKey(snapshotPrefix(sn), key) !== null) return false;
  const taken = await queryOne(
    db,
    'select 1 from ai_alarms where snapshot_key = $1 and id <> $2 limit 1',
    [key, id],
  );
  return taken === undefined && (await storage.head(key)) !== undefined;
}

async function snapshotOf(
  db: Db,
  context: AiAlarmContext | null,
  sn: string,
  id: number,
  d: Detection,
  ts: number,
) {
  if (!context) return null;
  const { storage } = context;
  if (d.snapshotKey !== null && (await ownSnapshot(db, sn, id, d.snapshotKey, storage)))
    return d.snapshotKey;
  if (!d.scene || !d.box || d.latitude === null || d.longitude === null) return null;
  const jpeg = await context.renderSnapshot({
    lat: d.latitude,
    lon: d.longitude,
    heightM: d.scene.height,
    yawDeg: d.scene.yaw,
    time: ts,
    category: d.category,
    box: d.box,
    label: sn,
  });
  const key = `${snapshotPrefix(sn)}${String(id)}.jpg`;
  await storage.put(key, jpeg, 'image/jpeg');
  return key;
}

/**
 * Stores one detection of `sn` (once per device id); returns the alarm's id, or null if ignored.
 * Without a `context` (a sink of its own in a test) the alarm is stored without a snapshot.
 */
export async function ingestAiAlarm(
  db: Db,
  context: AiAlarmContext | null,
  sn: string,
  data: Fields,
  ts: number,
): Promise<number | null> {
  const d = readDetection(data);
  if (!d) return null;
  const device = await queryOne<DeviceRow>(
    db,
    'select workspace_id, gateway_sn from devices where device_sn = $1',
    [sn],
  );
  if (!device) return null;
  const run = await runningExecution(db, device.gateway_sn ?? sn);
  const [row] = await db.query<{ id: number }>(
    `insert into ai_alarms (workspace_id, device_sn, event_id, category, confidence, level, box,
       latitude, longitude, payload_index, payload, task_id, execution_id, raised_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     on conflict (device_sn, event_id) do nothing returning id`,
    [
      device.workspace_id,
      sn,
      d.eventId,
      d.category,
      d.confidence,
      d.level,
      d.box === null ? null : JSON.stringify(d.box),
      d.latitude,
      d.longitude,
      d.payloadIndex,
      JSON.stringify(data),
      run?.task_id ?? null,
      run?.id ?? null,
      new Date(ts),
    ],
  );
  if (!row) return null;
  await db.query(
    `insert into ai_alarm_history (alarm_id, from_status, to_status, username) values ($1, null, 'new', $2)`,
    [row.id, sn],
  );
  const key = await snapshotOf(db, context, sn, row.id, d, ts);
  if (key !== null)
    await db.query('update ai_alarms set snapshot_key = $2 where id = $1', [row.id, key]);
  return row.id;
}

/**
 * Storage of device events: HMS alarms (raised and cleared by comparing each full set with the
 * active rows) and our own `ai_alarm` / `gas_reading` events as they arrived.
 */
import type { Db } from '../db/Db.ts';
import type { Notifier } from '../notifications/Notifier.ts';
import { int, num, obj, str } from './decode.ts';
import type { Fields } from './decode.ts';

interface Alarm {
  code: string;
  level: number;
  module: number;
  inTheSky: number;
  imminent: number;
  deviceType: string;
  args: Fields;
}

/** Identity of an alarm across messages: the same code on the same component of the same device. */
const alarmKey = (a: { code: string; deviceType: string; args: Fields }): string =>
  [a.code, a.deviceType, num(a.args.component_index) ?? '', num(a.args.sensor_index) ?? ''].join(
    '|',
  );

/** The well-formed alarms of an `hms` body; malformed entries are skipped. */
export function readHmsList(data: Fields): Alarm[] {
  const list = Array.isArray(data.list) ? (data.list as unknown[]) : [];
  return list.flatMap((item) => {
    const a = obj(item);
    const code = str(a?.code);
    const level = int(a?.level);
    if (!a || code === undefined || level === undefined) return [];
    return [
      {
        code,
        level,
        module: int(a.module) ?? 3,
        inTheSky: int(a.in_the_sky) ?? 0,
        imminent: int(a.imminent) ?? 0,
        deviceType: str(a.device_type) ?? '',
        args: obj(a.args) ?? {},
      },
    ];
  });
}

/** Raises alarms new in `alarms` and clears active ones of `gatewaySn` that are no longer listed. */
export async function storeHms(
  db: Db,
  gatewaySn: string,
  alarms: Alarm[],
  at: number,
  notifier: Notifier,
) {
  const active = await db.query<{ id: number; code: string; device_type: string; args: Fields }>(
    'select id, code, device_type, args from device_hms_alarms where gateway_sn = $1 and cleared_at is null',
    [gatewaySn],
  );
  const activeKeys = new Map(
    active.map((r) => [alarmKey({ ...r, deviceType: r.device_type }), r.id]),
  );
  const listed = new Set(alarms.map(alarmKey));
  const cleared = [...activeKeys].filter(([key]) => !listed.has(key)).map(([, id]) => id);
  if (cleared.length > 0)
    await db.query('update device_hms_alarms set cleared_at = $2 where id = any($1)', [
      cleared,
      new Date(at),
    ]);
  for (const a of alarms.filter((x) => !activeKeys.has(alarmKey(x)))) {
    await db.query(
      `insert into device_hms_alarms (gateway_sn, code, level, module, in_the_sky, imminent, device_type, args, raised_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        gatewaySn,
        a.code,
        a.level,
        a.module,
        a.inTheSky,
        a.imminent,
        a.deviceType,
        JSON.stringify(a.args),
        new Date(at),
      ],
    );
    notifier.notify({ kind: 'hms', deviceSn: gatewaySn, code: a.code, level: a.level, at });
  }
}

/** One of our own events waiting to be stored. */
export interface DeviceEventRow {
  sn: string;
  method: string;
  data: Fields;
  ts: number;
}

/** Stores a batch of our own events in one statement. */
export async function storeDeviceEvents(db: Db, rows: readonly DeviceEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into device_events (device_sn, method, data, ts)
     select sn, method, data::jsonb, ts
     from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as t(sn, method, data, ts)`,
    [
      rows.map((r) => r.sn),
      rows.map((r) => r.method),
      rows.map((r) => JSON.stringify(r.data)),
      rows.map((r) => new Date(r.ts)),
    ],
  );
}

/** Writes the firmware versions devices reported, `[sn, version]` pairs, in one statement. */
export async function storeFirmware(db: Db, rows: readonly [string, string][]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `update devices d set firmware_version = t.fw
     from unnest($1::text[], $2::text[]) as t(sn, fw) where d.device_sn = t.sn`,
    [rows.map((r) => r[0]), rows.map((r) => r[1])],
  );
}

/** Records where docks stand: rows of serial number, latitude, longitude. */
export async function storeDockPositions(
  db: Db,
  rows: readonly [string, number, number][],
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `update devices d set latitude = t.lat, longitude = t.lon
     from unnest($1::text[], $2::float8[], $3::float8[]) as t(sn, lat, lon)
     where d.device_sn = t.sn`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
  );
}

/** Stores one of our own events (`ai_alarm`, `gas_reading`). */
export async function storeDeviceEvent(
  db: Db,
  sn: string,
  method: string,
  data: Fields,
  ts: number,
): Promise<void> {
  await db.query(
    'insert into device_events (device_sn, method, data, ts) values ($1, $2, $3, $4)',
    [sn, method, JSON.stringify(data), new Date(ts)],
  );
}

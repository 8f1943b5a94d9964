/**
 * The devices of a replay window and their presence: the caller's devices (all of them, or those
 * asked for with the docks and aircraft that go with them), and for each its online state at the
 * window's start and its transitions within it (`device_presence`).
 */
import type { ReplayDevice } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import { ApiError } from '../http/ApiError.ts';
import type { Presence } from './lanes.ts';

interface DeviceRow extends ReplayDevice {
  online: boolean;
}

export interface WindowDevices {
  devices: ReplayDevice[];
  /** Whether each device is online now: what a device without any transition has always been. */
  onlineNow: Map<string, boolean>;
}

/**
 * The devices of `workspaces` the window shows. `wanted` (undefined: all) must name devices of those
 * workspaces, else 400 naming `device_sn` and the serial (one not there and one of another project
 * read alike); an aircraft brings its dock, a dock its aircraft.
 */
export async function windowDevices(
  db: Db,
  workspaces: readonly number[],
  wanted: readonly string[] | undefined,
): Promise<WindowDevices> {
  const rows = await db.query<DeviceRow>(
    `select device_sn as sn, name, domain, gateway_sn, model_name, latitude, longitude, online
     from devices where workspace_id = any($1) order by domain, device_sn`,
    [workspaces],
  );
  let shown = rows;
  if (wanted !== undefined) {
    const known = new Set(rows.map((r) => r.sn));
    const unknown = wanted.find((sn) => !known.has(sn));
    if (unknown !== undefined)
      throw new ApiError(400, 'replay.unknown_device', { field: 'device_sn', sn: unknown });
    const picked = new Set(wanted);
    for (const r of rows) if (r.gateway_sn !== null && picked.has(r.sn)) picked.add(r.gateway_sn);
    for (const r of rows) if (r.gateway_sn !== null && picked.has(r.gateway_sn)) picked.add(r.sn);
    shown = rows.filter((r) => picked.has(r.sn));
  }
  return {
    devices: shown.map(({ online: _online, ...device }) => device),
    onlineNow: new Map(shown.map((r) => [r.sn, r.online])),
  };
}

interface ChangeRow {
  sn: string;
  at: Date;
  online: boolean;
}

/**
 * Each device's presence over `[from, to)`: its state at `from` is its last transition before, else
 * the opposite of its first one after (transitions alternate), else what it is now.
 */
export async function windowPresence(
  db: Db,
  sns: readonly string[],
  onlineNow: ReadonlyMap<string, boolean>,
  from: number,
  to: number,
): Promise<Map<string, Presence>> {
  const params = [sns, new Date(from), new Date(to)];
  const [before, within, after] = await Promise.all([
    db.query<ChangeRow>(
      `select distinct on (device_sn) device_sn as sn, at, online from device_presence
       where device_sn = any($1) and at <= $2 order by device_sn, at desc`,
      params.slice(0, 2),
    ),
    db.query<ChangeRow>(
      `select device_sn as sn, at, online from device_presence
       where device_sn = any($1) and at > $2 and at < $3 order by device_sn, at`,
      params,
    ),
    db.query<ChangeRow>(
      `select distinct on (device_sn) device_sn as sn, at, online from device_presence
       where device_sn = any($1) and at > $2 order by device_sn, at`,
      params.slice(0, 2),
    ),
  ]);
  const first = new Map(after.map((r) => [r.sn, r.online]));
  const last = new Map(before.map((r) => [r.sn, r.online]));
  const changes = new Map<string, { at: number; online: boolean }[]>();
  for (const r of within) {
    const list = changes.get(r.sn) ?? [];
    list.push({ at: r.at.getTime(), online: r.online });
    changes.set(r.sn, list);
  }
  const out = new Map<string, Presence>();
  for (const sn of sns) {
    const next = first.get(sn);
    const initial = last.get(sn) ?? (next === undefined ? (onlineNow.get(sn) ?? false) : !next);
    out.set(sn, { initial, changes: changes.get(sn) ?? [] });
  }
  return out;
}

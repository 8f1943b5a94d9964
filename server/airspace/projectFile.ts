/**
 * A project's flight area file: rebuilt from its areas (each with its `enable` flag) after every change, stored in object
 * storage under its checksum, and announced to every dock of the project with `flight_areas_update`
 * (DJI Cloud API custom flight area: the dock then asks `flight_areas_get` and downloads it).
 */
import type { AirspaceFileInfo } from '../../protocol/airspace.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import type { AirspaceState } from './airspaceState.ts';
import { areasOf } from './areaStore.ts';
import { airspaceObjectKey } from './fileLink.ts';
import { encodeFlightAreaFile } from './flightAreaFile.ts';

/** The model domain of docks (protocol: 0 aircraft, 2 remote controller, 3 dock). */
const DOCK_DOMAIN = 3;

interface FileRow {
  object_key: string;
  name: string;
  checksum: string;
  size: number;
  area_count: number;
  updated_at: Date;
}

/** The project's current file, or null when it has no area. */
export async function projectFile(db: Db, workspaceId: number): Promise<AirspaceFileInfo | null> {
  const row = await queryOne<FileRow>(
    db,
    'select object_key, name, checksum, size, area_count, updated_at from airspace_files where workspace_id = $1',
    [workspaceId],
  );
  if (!row) return null;
  const { name, checksum, size, area_count } = row;
  return { name, checksum, size, area_count, updated_at: row.updated_at.toISOString() };
}

/** The docks registered in a project, by serial number. */
export async function docksOf(db: Db, workspaceId: number): Promise<string[]> {
  const rows = await db.query<{ device_sn: string }>(
    'select device_sn from devices where workspace_id = $1 and domain = $2 order by device_sn',
    [workspaceId, DOCK_DOMAIN],
  );
  return rows.map((r) => r.device_sn);
}

/**
 * Sends `flight_areas_update` to `docks` through the app's link and marks them waiting until they
 * report; without a broker (no link) nothing is sent and nothing is marked. Returns how many were told.
 */
export async function announceTo(
  db: Db,
  airspace: AirspaceState,
  docks: readonly string[],
): Promise<number> {
  const { link } = airspace;
  if (!link || docks.length === 0) return 0;
  // Marked before it is sent: a quick dock's own report must not be overwritten by this mark.
  await db.query(
    `insert into airspace_dock_sync (dock_sn, status, reason, updated_at)
     select sn, 'wait_sync', 0, now() from unnest($1::text[]) as t(sn)
     on conflict (dock_sn) do update set status = 'wait_sync', reason = 0, updated_at = now()`,
    [docks],
  );
  for (const sn of docks) link.update(sn);
  return docks.length;
}

/** Rebuilds the file; true when it changed (a new checksum, or no file any more). */
async function rebuild(db: Db, storage: ObjectStore, workspaceId: number): Promise<boolean> {
  const areas = await areasOf(db, workspaceId);
  const old = await queryOne<FileRow>(
    db,
    'select object_key, checksum from airspace_files where workspace_id = $1',
    [workspaceId],
  );
  if (areas.length === 0) {
    if (!old) return false;
    await db.query('delete from airspace_files where workspace_id = $1', [workspaceId]);
    await storage.delete(old.object_key);
    return true;
  }
  const file = encodeFlightAreaFile(areas);
  if (old?.checksum === file.checksum) return false;
  const key = airspaceObjectKey(workspaceId, file.checksum);
  await storage.put(key, file.bytes, 'application/json');
  await db.query(
    `insert into airspace_files (workspace_id, object_key, name, checksum, size, area_count)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (workspace_id) do update set object_key = $2, name = $3, checksum = $4, size = $5,
       area_count = $6, updated_at = now()`,
    [workspaceId, key, file.name, file.checksum, file.size, file.areaCount],
  );
  // The old file goes: a dock still downloading it gets a 404 and, told of the new one, asks again.
  if (old && old.object_key !== key) await storage.delete(old.object_key);
  return true;
}

/**
 * Rebuilds the project's file after a change of its areas and, when it changed, tells its docks.
 * Rebuilds of one project run one after another (the app's `airspace.rebuilds` holds the one under
 * way); each reads the areas as they are when it starts.
 */
export function refreshProjectFile(
  db: Db,
  storage: ObjectStore,
  airspace: AirspaceState,
  workspaceId: number,
): Promise<boolean> {
  const byProject = airspace.rebuilds;
  const before = byProject.get(workspaceId) ?? Promise.resolve();
  const next = before
    .catch(() => undefined)
    .then(async () => {
      const changed = await rebuild(db, storage, workspaceId);
      if (changed) await announceTo(db, airspace, await docksOf(db, workspaceId));
      return changed;
    });
  byProject.set(workspaceId, next);
  next
    .finally(() => {
      if (byProject.get(workspaceId) === next) byProject.delete(workspaceId);
    })
    .catch(() => undefined);
  return next;
}

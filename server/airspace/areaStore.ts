/**
 * The areas as stored (`airspace_areas`), read and written through the given database handle (the
 * routes pass their transaction). Shapes go in as JSON text and come back as objects.
 */
import { randomUUID } from 'node:crypto';
import type { AirspaceArea, AirspaceKind, AirspaceShape } from '../../protocol/airspace.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';

interface AreaRow extends Omit<AirspaceArea, 'updated_at'> {
  updated_at: Date;
}

const COLUMNS = 'id, area_id, workspace_id, name, kind, shape, enabled, updated_at, updated_by';

const toArea = (row: AreaRow): AirspaceArea => ({
  ...row,
  updated_at: row.updated_at.toISOString(),
});

/** Every area of a project, oldest first (the order of the file). */
export async function areasOf(db: Db, workspaceId: number): Promise<AirspaceArea[]> {
  const rows = await db.query<AreaRow>(
    `select ${COLUMNS} from airspace_areas where workspace_id = $1 order by id`,
    [workspaceId],
  );
  return rows.map(toArea);
}

/** One area by id, or undefined. */
export async function areaById(db: Db, id: number): Promise<AirspaceArea | undefined> {
  const row = await queryOne<AreaRow>(db, `select ${COLUMNS} from airspace_areas where id = $1`, [
    id,
  ]);
  return row && toArea(row);
}

export interface NewArea {
  workspaceId: number;
  name: string;
  kind: AirspaceKind;
  shape: AirspaceShape;
  enabled: boolean;
  by: string;
}

/** Inserts an area with a fresh UUID; returns it as stored. */
export async function insertArea(db: Db, a: NewArea): Promise<AirspaceArea> {
  const row = await queryOne<AreaRow>(
    db,
    `insert into airspace_areas (area_id, workspace_id, name, kind, shape, enabled, updated_by)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7) returning ${COLUMNS}`,
    [randomUUID(), a.workspaceId, a.name, a.kind, JSON.stringify(a.shape), a.enabled, a.by],
  );
  if (!row) throw new Error('airspace insert returned no row');
  return toArea(row);
}

/** Writes the changed fields of an area; returns it as stored. */
export async function updateArea(
  db: Db,
  id: number,
  next: Pick<AirspaceArea, 'name' | 'kind' | 'shape' | 'enabled'>,
  by: string,
): Promise<AirspaceArea> {
  const row = await queryOne<AreaRow>(
    db,
    `update airspace_areas set name = $2, kind = $3, shape = $4::jsonb, enabled = $5,
       updated_at = now(), updated_by = $6
     where id = $1 returning ${COLUMNS}`,
    [id, next.name, next.kind, JSON.stringify(next.shape), next.enabled, by],
  );
  if (!row) throw new Error('airspace update returned no row');
  return toArea(row);
}

/** Deletes an area. */
export async function deleteArea(db: Db, id: number): Promise<void> {
  await db.query('delete from airspace_areas where id = $1', [id]);
}

/** The project of a dock (its `workspace_id`), or undefined for an unknown serial number. */
export async function projectOfDock(db: Db, dockSn: string): Promise<number | undefined> {
  const row = await queryOne<{ workspace_id: number }>(
    db,
    'select workspace_id from devices where device_sn = $1',
    [dockSn],
  );
  return row?.workspace_id;
}

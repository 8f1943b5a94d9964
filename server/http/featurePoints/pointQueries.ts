/** Reads of stored feature points, always within a list of workspaces. */
import type { FeaturePhoto, FeaturePoint } from '../../../protocol/featurePoints.ts';
import type { Db } from '../../db/Db.ts';
import { photoLink } from '../../featurePoints/photoLink.ts';
import { ApiError } from '../ApiError.ts';

export const POINT_SELECT = `
  select p.id, p.workspace_id, p.name, p.category, p.longitude, p.latitude, p.height,
         p.gimbal_pitch, p.gimbal_yaw, p.zoom, p.radius, p.classes, p.notes, p.creator_name,
         p.created_at, p.updated_at,
         (select count(*)::int from feature_point_photos f where f.point_id = p.id) as photo_count,
         (select min(f.id) from feature_point_photos f where f.point_id = p.id) as cover_id
  from feature_points p`;

export interface PointRow extends Omit<FeaturePoint, 'created_at' | 'updated_at' | 'cover_url'> {
  cover_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** The row as the API answers it, with a fresh signed link to its first photo's thumbnail. */
export function toPoint(row: PointRow, secret: string): FeaturePoint {
  const { cover_id: cover, ...rest } = row;
  return {
    ...rest,
    cover_url: cover === null ? null : photoLink(secret, 'thumb', cover, Date.now()),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface PointFilter {
  keyword?: string | undefined;
  category?: string | undefined;
}

/** The `where` clause of a filter; `$1` is always the workspace list. */
export function pointWhere(workspaces: readonly number[], f: PointFilter) {
  const params: unknown[] = [workspaces];
  const parts = ['p.workspace_id = any($1::int[])'];
  if (f.keyword !== undefined) {
    params.push(f.keyword);
    const n = `$${String(params.length)}`;
    parts.push(`(p.name ilike '%' || ${n} || '%' or p.notes ilike '%' || ${n} || '%')`);
  }
  if (f.category !== undefined) {
    params.push(f.category);
    parts.push(`p.category = $${String(params.length)}`);
  }
  return { where: `where ${parts.join(' and ')}`, params };
}

/** One page of points, newest first, and the total. */
export async function listPoints(
  db: Db,
  workspaces: readonly number[],
  f: PointFilter & { current: number; size: number },
): Promise<{ rows: PointRow[]; total: number }> {
  const { where, params } = pointWhere(workspaces, f);
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from feature_points p ${where}`,
    params,
  );
  const rows = await db.query<PointRow>(
    `${POINT_SELECT} ${where} order by p.id desc
     limit ${String(f.size)} offset ${String((f.current - 1) * f.size)}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The point `id` if it is in `workspaces`, else a 404 (never a hint that it exists elsewhere). */
export async function scopedPoint(db: Db, workspaces: readonly number[], id: number) {
  const rows = await db.query<PointRow>(
    `${POINT_SELECT} where p.id = $1 and p.workspace_id = any($2::int[])`,
    [id, workspaces],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

interface PhotoRow {
  id: number;
  name: string;
  width: number | null;
  height: number | null;
  created_at: Date;
}

/** The reference photos of a point, oldest first, with signed links. */
export async function photosOf(db: Db, pointId: number, secret: string): Promise<FeaturePhoto[]> {
  const rows = await db.query<PhotoRow>(
    `select id, name, width, height, created_at from feature_point_photos
     where point_id = $1 order by id`,
    [pointId],
  );
  const now = Date.now();
  return rows.map((r) => ({
    ...r,
    url: photoLink(secret, 'file', r.id, now),
    thumb_url: photoLink(secret, 'thumb', r.id, now),
    created_at: r.created_at.toISOString(),
  }));
}

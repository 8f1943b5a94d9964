import type { Wayline, WaylineFacts } from '../../../protocol/waylines.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import type { Lang } from '../messages.ts';
import { describeWarnings, factsWarnings } from './waylineWarnings.ts';

/** Select producing a `WaylineRow`. */
export const WAYLINE_SELECT = `
  select w.id, w.name, w.workspace_id, w.object_key, w.favorite, w.md5, w.size_bytes,
         w.drone_model_key, w.payload_model_key, w.template_type, w.waypoint_count, w.length_m,
         w.duration_s, w.height_mode, w.finish_action, w.wpmz_version, w.outline, w.creator_id,
         w.creator_name, w.created_at, w.updated_at
  from waylines w`;

export interface WaylineRow extends Omit<Wayline, 'created_at' | 'updated_at'> {
  object_key: string;
  created_at: Date;
  updated_at: Date;
}

/** A row as the wire shape (the storage key stays on the server), its warnings in `lang`. */
export function toWayline(row: WaylineRow, lang: Lang): Wayline {
  return {
    ...factsOf(row),
    id: row.id,
    name: row.name,
    workspace_id: row.workspace_id,
    favorite: row.favorite,
    md5: row.md5,
    size_bytes: row.size_bytes,
    creator_id: row.creator_id,
    creator_name: row.creator_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    warnings: describeWarnings(factsWarnings(row), lang),
  };
}

/** The facts read from the file when it was imported. */
export function factsOf(row: WaylineRow): WaylineFacts {
  return {
    drone_model_key: row.drone_model_key,
    payload_model_key: row.payload_model_key,
    template_type: row.template_type,
    waypoint_count: row.waypoint_count,
    length_m: row.length_m,
    duration_s: row.duration_s,
    height_mode: row.height_mode,
    finish_action: row.finish_action,
    wpmz_version: row.wpmz_version,
    outline: row.outline,
  };
}

/** 404 "the wayline file does not exist": the text the console recognises (spec §8). */
export const waylineNotFound = () => new ApiError(404, 'not_found.wayline');

/** One wayline the caller may see, or 404 — the same answer for missing and out of scope. */
export async function scopedWayline(db: Db, caller: Caller, id: number): Promise<WaylineRow> {
  const row = await queryOne<WaylineRow>(db, `${WAYLINE_SELECT} where w.id = $1`, [id]);
  if (!row || !(await caller.scope()).includes(row.workspace_id)) throw waylineNotFound();
  return row;
}

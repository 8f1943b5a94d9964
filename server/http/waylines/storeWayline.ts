import { randomUUID } from 'node:crypto';
import type { Wayline, WaylineFacts } from '../../../protocol/waylines.ts';
import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import type { ObjectStore } from '../../storage/ObjectStore.ts';
import type { Caller } from '../caller.ts';
import type { Lang } from '../messages.ts';
import type { WaylineRow } from './waylineQueries.ts';
import { toWayline, WAYLINE_SELECT } from './waylineQueries.ts';

/** Content type of a stored KMZ (KML's registered type for the zipped form). */
export const KMZ_CONTENT_TYPE = 'application/vnd.google-earth.kmz';

export interface NewWayline {
  workspaceId: number;
  name: string;
  bytes: Uint8Array;
  facts: WaylineFacts;
  favorite?: boolean;
  /** Language of the answer's warnings; Chinese, the console's default, when not given. */
  lang?: Lang;
}

/**
 * Stores the file, then its row. A failed insert removes the file again, so a refused or failed
 * import leaves nothing behind.
 */
export async function storeWayline(
  db: Db,
  storage: ObjectStore,
  caller: Caller,
  w: NewWayline,
): Promise<Wayline> {
  const key = `waylines/${w.workspaceId}/${randomUUID()}.kmz`;
  const stored = await storage.put(key, w.bytes, KMZ_CONTENT_TYPE);
  const f = w.facts;
  try {
    const inserted = await queryOne<{ id: number }>(
      db,
      `insert into waylines (workspace_id, name, object_key, md5, size_bytes, favorite,
         drone_model_key, payload_model_key, template_type, waypoint_count, length_m, duration_s,
         height_mode, finish_action, wpmz_version, outline, creator_id, creator_name)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       returning id`,
      [
        w.workspaceId,
        w.name,
        key,
        stored.md5,
        stored.size,
        w.favorite ?? false,
        f.drone_model_key,
        f.payload_model_key,
        f.template_type,
        f.waypoint_count,
        f.length_m,
        f.duration_s,
        f.height_mode,
        f.finish_action,
        f.wpmz_version,
        JSON.stringify(f.outline),
        caller.userId,
        caller.username,
      ],
    );
    const row = await queryOne<WaylineRow>(db, `${WAYLINE_SELECT} where w.id = $1`, [inserted?.id]);
    if (!row) throw new Error('inserted wayline not found');
    return toWayline(row, w.lang ?? 'zh');
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

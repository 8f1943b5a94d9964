import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { scopedWayline } from '../waylines/waylineQueries.ts';

/** Device domain of a dock (protocol §1.2). */
const DOCK_DOMAIN = 3;

/**
 * The route and dock a task of `workspaceId` flies, both checked to belong to that project (404
 * otherwise, like anything out of reach); answers the route's flight time, s.
 */
export async function taskTargets(
  db: Db,
  caller: Caller,
  workspaceId: number,
  waylineId: number,
  dockSn: string,
): Promise<{ durationS: number }> {
  const wayline = await scopedWayline(db, caller, waylineId);
  if (wayline.workspace_id !== workspaceId) throw new ApiError(404, 'not_found.wayline');
  const dock = await queryOne<{ workspace_id: number }>(
    db,
    'select workspace_id from devices where device_sn = $1 and domain = $2',
    [dockSn, DOCK_DOMAIN],
  );
  if (dock?.workspace_id !== workspaceId) throw notFound('device');
  return { durationS: wayline.duration_s };
}

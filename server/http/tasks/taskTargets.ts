import type { Db } from '../../db/Db.ts';
import { queryOne } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import type { Caller } from '../caller.ts';
import { scopedWayline } from '../waylines/waylineQueries.ts';
import type { WaylineRow } from '../waylines/waylineQueries.ts';

/** Device domain of a dock (protocol §1.2). */
const DOCK_DOMAIN = 3;

/** The dock a task flies from, as the checks of a new plan need it. */
export interface TaskDock {
  sn: string;
  /** Its name, or its serial number when it has none: what messages call it. */
  label: string;
  /** Where it last said it stands (WGS-84); null until first heard. */
  latitude: number | null;
  longitude: number | null;
}

/** The route and dock of a task, found and in the task's project. */
export interface TaskTargets {
  wayline: WaylineRow;
  dock: TaskDock;
  /** The route's flight time, s. */
  durationS: number;
}

/**
 * The route and dock a task of `workspaceId` flies, both checked to belong to that project (404
 * otherwise, like anything out of reach).
 */
export async function taskTargets(
  db: Db,
  caller: Caller,
  workspaceId: number,
  waylineId: number,
  dockSn: string,
): Promise<TaskTargets> {
  const wayline = await scopedWayline(db, caller, waylineId);
  if (wayline.workspace_id !== workspaceId) throw new ApiError(404, 'not_found.wayline');
  const dock = await queryOne<{
    workspace_id: number;
    name: string;
    latitude: number | null;
    longitude: number | null;
  }>(
    db,
    `select workspace_id, name, latitude, longitude from devices
     where device_sn = $1 and domain = $2`,
    [dockSn, DOCK_DOMAIN],
  );
  if (!dock || dock.workspace_id !== workspaceId) throw notFound('device');
  return {
    wayline,
    dock: {
      sn: dockSn,
      label: dock.name || dockSn,
      latitude: dock.latitude,
      longitude: dock.longitude,
    },
    durationS: wayline.duration_s,
  };
}

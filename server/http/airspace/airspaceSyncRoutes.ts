/**
 * The docks' side of airspace: the project's file and what each of its docks last reported (read
 * with the page), telling docks again (`airspace:edit`), and the file itself for the docks (public:
 * the signed link `flight_areas_get` handed out is the credential).
 */
import type {
  AirspaceArea,
  AirspaceDistance,
  AirspaceDockSync,
  AirspaceSync,
  FlightAreaSyncStatus,
} from '../../../protocol/airspace.ts';
import { AIRSPACE_ACCESS, AIRSPACE_API } from '../../../protocol/airspace.ts';
import { areasOf } from '../../airspace/areaStore.ts';
import { droneLocationsOf } from '../../airspace/dockReports.ts';
import type { DroneLocationReports } from '../../airspace/dockReports.ts';
import { airspaceObjectKey, validAirspaceSignature } from '../../airspace/fileLink.ts';
import { announceTo, docksOf, projectFile } from '../../airspace/projectFile.ts';
import type { Db } from '../../db/Db.ts';
import { ApiError, notFound } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { callerOf } from '../context.ts';
import { ok } from '../envelope.ts';
import { sendStoredFile } from '../fileReply.ts';
import { requireInScope } from '../scope.ts';
import { fileQuery, listQuery, resyncBody } from './airspaceSchemas.ts';

interface DockRow {
  device_sn: string;
  name: string;
  online: boolean;
  status: FlightAreaSyncStatus | null;
  reason: number | null;
  checksum: string | null;
  updated_at: Date | null;
}

/** The nearest no-fly area in the dock's latest in-flight report, if it is recent. */
function nearestOf(
  reports: DroneLocationReports,
  dockSn: string,
  areas: readonly AirspaceArea[],
  now: number,
) {
  const report = droneLocationsOf(reports, dockSn, now);
  if (!report) return null;
  const byId = new Map(areas.map((a) => [a.area_id, a]));
  let best: AirspaceDistance | null = null;
  for (const l of report.locations) {
    const area = byId.get(l.area_id);
    if (area?.kind !== 'no_fly') continue;
    const distance = l.is_in_area ? 0 : l.area_distance;
    if (best && best.distance <= distance) continue;
    best = {
      area_id: l.area_id,
      name: area.name,
      kind: area.kind,
      distance: l.area_distance,
      inside: l.is_in_area,
      at: new Date(report.at).toISOString(),
    };
  }
  return best;
}

/** The file and every dock of the project with its last report (from the app's `reports`). */
async function syncView(
  db: Db,
  reports: DroneLocationReports,
  workspaceId: number,
): Promise<AirspaceSync> {
  const file = await projectFile(db, workspaceId);
  const rows = await db.query<DockRow>(
    `select d.device_sn, d.name, d.online, s.status, s.reason, s.checksum, s.updated_at
     from devices d left join airspace_dock_sync s on s.dock_sn = d.device_sn
     where d.workspace_id = $1 and d.domain = 3 order by d.device_sn`,
    [workspaceId],
  );
  const areas = await areasOf(db, workspaceId);
  const now = Date.now();
  const docks = rows.map((r): AirspaceDockSync => ({
    dock_sn: r.device_sn,
    dock_name: r.name,
    online: r.online,
    status: r.status,
    reason: r.reason ?? 0,
    checksum: r.checksum,
    current:
      r.status === null
        ? file === null
        : r.status === 'synchronized' && r.checksum === (file?.checksum ?? null),
    updated_at: r.updated_at?.toISOString() ?? null,
    nearest: nearestOf(reports, r.device_sn, areas, now),
  }));
  return { file, docks };
}

/** Registers sync, resync and the docks' file route. */
export function registerAirspaceSyncRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, storage, tokenSecret, airspace } = deps;

  app.get(
    AIRSPACE_API.sync,
    { config: { access: AIRSPACE_ACCESS.read }, schema: { querystring: listQuery } },
    async (request) => {
      const caller = callerOf(request);
      const workspaceId = request.query.workspace_id ?? caller.workspaceId;
      await requireInScope(caller, workspaceId, 'workspace');
      return ok<AirspaceSync>(request, await syncView(db, airspace.reports, workspaceId));
    },
  );

  app.post(
    AIRSPACE_API.resync,
    { config: { access: AIRSPACE_ACCESS.edit }, schema: { body: resyncBody } },
    async (request) => {
      const b = request.body;
      const caller = callerOf(request);
      const workspaceId = b.workspace_id ?? caller.workspaceId;
      await requireInScope(caller, workspaceId, 'workspace');
      const docks = await docksOf(db, workspaceId);
      if (b.dock_sn !== undefined && !docks.includes(b.dock_sn)) throw notFound('device');
      const told = await announceTo(db, airspace, b.dock_sn === undefined ? docks : [b.dock_sn]);
      await audit(db, request, {
        module: 'airspace',
        action: 'resync',
        target: b.dock_sn ?? String(workspaceId),
        detail: String(told),
      });
      return ok<{ told: number }>(request, { told });
    },
  );

  app.get(
    AIRSPACE_API.file,
    { config: { access: 'public' }, schema: { querystring: fileQuery } },
    async (request, reply) => {
      const q = request.query;
      const link = {
        workspaceId: q.workspace_id,
        checksum: q.checksum,
        expires: q.expires,
        sig: q.sig,
      };
      if (!validAirspaceSignature(tokenSecret, link, Date.now()))
        throw new ApiError(403, 'forbidden');
      const object = await storage.get(airspaceObjectKey(q.workspace_id, q.checksum));
      if (!object) throw new ApiError(404, 'not_found');
      return sendStoredFile(reply, {
        body: object.body,
        name: `geofence_${q.checksum.slice(0, 16)}.json`,
        etag: `"${q.checksum}"`,
        cacheControl: 'no-store',
        as: { kind: 'download', type: 'application/json' },
      });
    },
  );
}

/**
 * Airspace inside the realtime extension, on the device gateway: the `flight_areas_get` answer is
 * registered with the other requests; the docks' `flight_areas_sync_progress` and
 * `flight_areas_drone_location` are heard (ingestion stays the one that sends their `events_reply`),
 * raising the proximity alarms; a dock that comes online (`update_topo`) with an outdated copy is
 * told of the file; and the routes send `flight_areas_update` through the gateway. The reports and
 * `update_topo` are heard on the gateway's `deployment` lane, so with several instances on one
 * broker each is handled by one of them: one stored report, one alarm, one announcement.
 */
import { DEFAULT_AIRSPACE_WARN_M, readDroneLocations } from '../../protocol/airspace.ts';
import type { EventHandler } from '../devices/DeviceGateway.ts';
import type { AppDeps } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { projectOfDock } from './areaStore.ts';
import { noteDroneLocations, readSyncReport, storeSyncReport } from './dockReports.ts';
import { registerFlightAreasRequest } from './flightAreasRequest.ts';
import { checkProximity } from './proximityAlarms.ts';
import { announceTo, projectFile } from './projectFile.ts';

/** A dock coming online is told of a newer file at most this often, ms. */
const REANNOUNCE_MS = 60_000;
/** Each report is handled once per deployment: see the file's comment. */
const ONCE = { lane: 'deployment' } as const;

/** The warning distance to a no-fly boundary, m: `AIRSPACE_WARN_M`, else 100. */
export function airspaceWarnMetres(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.AIRSPACE_WARN_M);
  return env.AIRSPACE_WARN_M !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_AIRSPACE_WARN_M;
}

export interface AirspaceRuntime {
  /** Registers the `flight_areas_get` answer and the report listeners; call before the gateway opens. */
  register(requests: RequestRegistry): void;
  /** Lets the routes tell docks of a change; `httpBase` is the listen address. */
  start(httpBase: string): void;
  stop(): Promise<void>;
  /** Waits until every report received so far is handled (tests). */
  flush(): Promise<void>;
}

/** Whether the dock's last report says it holds the project's current file. */
async function holdsCurrent(deps: AppDeps, dockSn: string, workspaceId: number) {
  const file = await projectFile(deps.db, workspaceId);
  const rows = await deps.db.query<{ status: string; checksum: string | null }>(
    'select status, checksum from airspace_dock_sync where dock_sn = $1',
    [dockSn],
  );
  const row = rows[0];
  if (!row) return file === null;
  return row.status === 'synchronized' && row.checksum === (file?.checksum ?? null);
}

/** The pipeline's lifecycle for one app. */
export function airspaceRuntime(deps: AppDeps, log: Log): AirspaceRuntime {
  const { db, devices, airspace } = deps;
  // The alarms held live in the app's airspace state; aircraft are placed where gas readings saw them.
  const proximity = { held: airspace.held, positions: deps.gas.positions };
  let base = deps.config.publicUrl ?? 'http://127.0.0.1';
  const warnM = airspaceWarnMetres();
  let queue: Promise<void> = Promise.resolve();
  let stopListening: (() => void)[] = [];
  const announcedAt = new Map<string, number>();

  const later = (what: string, work: () => Promise<unknown>) => {
    queue = queue.then(work).then(
      () => undefined,
      (error: unknown) => log.error(`airspace: ${what} failed: ${String(error)}`),
    );
  };

  const onSyncProgress: EventHandler = (sn, msg) => {
    const report = readSyncReport(msg.data);
    if (!report) return;
    later('sync report', async () => {
      if ((await projectOfDock(db, sn)) !== undefined) await storeSyncReport(db, sn, report);
    });
  };

  const onDroneLocation: EventHandler = (sn, msg) => {
    const now = Date.now();
    const locations = readDroneLocations(msg.data);
    noteDroneLocations(airspace.reports, sn, { at: now, locations });
    later('proximity check', () =>
      checkProximity(db, proximity, {
        dockSn: sn,
        at: now,
        locations,
        warnM,
        publish: (topic, payload) => devices.publish(topic, payload),
        notifier: deps.notifier,
      }),
    );
  };

  const onOnline: EventHandler = (sn) => {
    const last = announcedAt.get(sn) ?? 0;
    if (Date.now() - last < REANNOUNCE_MS) return;
    later('announce on connect', async () => {
      const workspaceId = await projectOfDock(db, sn);
      if (workspaceId === undefined || (await holdsCurrent(deps, sn, workspaceId))) return;
      announcedAt.set(sn, Date.now());
      await announceTo(db, airspace, [sn]);
    });
  };

  return {
    register(requests) {
      registerFlightAreasRequest(requests, {
        db,
        tokenSecret: deps.tokenSecret,
        baseUrl: () => base,
        now: () => Date.now(),
      });
      if (stopListening.length > 0) return;
      stopListening = [
        devices.onEvent('flight_areas_sync_progress', onSyncProgress, ONCE),
        devices.onEvent('flight_areas_drone_location', onDroneLocation, ONCE),
        devices.onStatus('update_topo', onOnline, ONCE),
      ];
    },
    start(httpBase) {
      base = deps.config.publicUrl ?? httpBase;
      airspace.link = {
        update(dockSn) {
          announcedAt.set(dockSn, Date.now());
          // Not awaited: what the dock makes of the file comes as its `flight_areas_sync_progress`.
          void devices.call(dockSn, 'flight_areas_update', null);
        },
      };
    },
    async stop() {
      for (const stop of stopListening.splice(0)) stop();
      airspace.link = null;
      await queue;
    },
    flush: () => queue,
  };
}

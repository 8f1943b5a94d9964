/**
 * Airspace inside the realtime extension: the `flight_areas_get` answer is registered with the other
 * requests, and once the broker is up a client of its own sends `flight_areas_update`, hears the
 * docks' `flight_areas_sync_progress` and `flight_areas_drone_location` (ingestion stays the one
 * that sends their `events_reply`), raises the proximity alarms, and tells a dock that comes online
 * with an outdated copy. With an external broker it subscribes as a shared group, so each report is
 * handled by one instance.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import { DEFAULT_AIRSPACE_WARN_M } from '../../protocol/airspace.ts';
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import type { AppDeps } from '../http/context.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import type { Decoded } from '../mqtt/decode.ts';
import type { Log } from '../runtime/log.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { setAirspaceLink } from './airspaceLink.ts';
import { projectOfDock } from './areaStore.ts';
import {
  noteDroneLocations,
  readDroneLocations,
  readSyncReport,
  storeSyncReport,
} from './dockReports.ts';
import { registerFlightAreasRequest } from './flightAreasRequest.ts';
import { checkProximity } from './proximityAlarms.ts';
import { announceTo, projectFile } from './projectFile.ts';

const SHARE_GROUP = 'skydeck-airspace';
/** Bytes a message must hold to be one this client reads (the rest is not parsed at all). */
const FLIGHT_AREAS = Buffer.from('flight_areas_');
const UPDATE_TOPO = Buffer.from('update_topo');
/** A dock coming online is told of a newer file at most this often, ms. */
const REANNOUNCE_MS = 60_000;

/** The warning distance to a no-fly boundary, m: `AIRSPACE_WARN_M`, else 100. */
export function airspaceWarnMetres(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.AIRSPACE_WARN_M);
  return env.AIRSPACE_WARN_M !== undefined && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_AIRSPACE_WARN_M;
}

export interface AirspaceRuntime {
  /** Registers the `flight_areas_get` answer; call before ingestion starts. */
  register(requests: RequestRegistry): void;
  start(
    broker: { url: string; username: string; password: string },
    httpBase: string,
  ): Promise<void>;
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
  const { db } = deps;
  let base = deps.config.publicUrl ?? 'http://127.0.0.1';
  const warnM = airspaceWarnMetres();
  let queue: Promise<void> = Promise.resolve();
  let close: (() => Promise<void>) | null = null;
  const announcedAt = new Map<string, number>();

  const later = (what: string, work: () => Promise<unknown>) => {
    queue = queue.then(work).then(
      () => undefined,
      (error: unknown) => log.error(`airspace: ${what} failed: ${String(error)}`),
    );
  };

  function onEvent(sn: string, msg: Decoded, publish: (t: string, p: string) => void) {
    const now = Date.now();
    if (msg.method === 'flight_areas_sync_progress') {
      const report = readSyncReport(msg.data);
      if (!report) return;
      later('sync report', async () => {
        if ((await projectOfDock(db, sn)) !== undefined) await storeSyncReport(db, sn, report);
      });
    } else if (msg.method === 'flight_areas_drone_location') {
      const locations = readDroneLocations(msg.data);
      noteDroneLocations(db, sn, { at: now, locations });
      later('proximity check', () =>
        checkProximity(db, { dockSn: sn, at: now, locations, warnM, publish }),
      );
    }
  }

  function onOnline(sn: string): void {
    const last = announcedAt.get(sn) ?? 0;
    if (Date.now() - last < REANNOUNCE_MS) return;
    later('announce on connect', async () => {
      const workspaceId = await projectOfDock(db, sn);
      if (workspaceId === undefined || (await holdsCurrent(deps, sn, workspaceId))) return;
      announcedAt.set(sn, Date.now());
      await announceTo(db, [sn]);
    });
  }

  return {
    register(requests) {
      registerFlightAreasRequest(requests, {
        db,
        tokenSecret: deps.tokenSecret,
        baseUrl: () => base,
        now: () => Date.now(),
      });
    },
    async start(broker, httpBase) {
      base = deps.config.publicUrl ?? httpBase;
      const client = connect(broker.url, {
        username: broker.username,
        password: broker.password,
        clientId: `skydeck-airspace-${process.pid}-${randomUUID().slice(0, 8)}`,
        reconnectPeriod: 2_000,
        clean: true,
      });
      const publish = (topic: string, payload: string) => client.publish(topic, payload);
      client.on('message', (topic, payload) => {
        const parsed = parseTopic(topic);
        // Every gateway's events pass by (gas readings every second): only ours are parsed.
        const wanted =
          parsed?.family === 'status'
            ? UPDATE_TOPO
            : parsed?.kind === 'events'
              ? FLIGHT_AREAS
              : null;
        if (!parsed || !wanted || !payload.includes(wanted)) return;
        const msg = decodeEnvelope(payload);
        if (!msg) return;
        if (parsed.family === 'thing' && parsed.kind === 'events') onEvent(parsed.sn, msg, publish);
        else if (parsed.family === 'status' && msg.method === 'update_topo') onOnline(parsed.sn);
      });
      const share = deps.config.mqttUrl ? `$share/${SHARE_GROUP}/` : '';
      await new Promise<void>((resolve) => {
        client.on('connect', () => {
          const topics = [`${share}thing/product/+/events`, `${share}sys/product/+/status`];
          client.subscribe(topics, { qos: 1 }, (error) => {
            if (error) log.error(`airspace could not subscribe: ${error.message}`);
            resolve();
          });
        });
      });
      setAirspaceLink(db, {
        update(dockSn) {
          announcedAt.set(dockSn, Date.now());
          const body = {
            tid: randomUUID(),
            bid: randomUUID(),
            timestamp: Date.now(),
            method: 'flight_areas_update',
            data: null,
          };
          client.publish(thingTopic(dockSn, 'services'), JSON.stringify(body), { qos: 1 });
        },
      });
      close = async () => {
        setAirspaceLink(db, null);
        await client.endAsync();
        await queue;
      };
    },
    async stop() {
      await close?.();
      close = null;
    },
    flush: () => queue,
  };
}

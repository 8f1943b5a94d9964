/**
 * The simulated dock and aircraft with custom flight areas. End to end (real app, broker, task
 * engine, simulator over MQTT): a dock told of new areas fetches, checks and keeps them and reports
 * itself synchronised; an aircraft flying a wayline task whose leg runs into a no-fly area stops at
 * the boundary and hovers there, the task paused with DJI's 321528, while the dock reports its
 * distance to the area and the alarm feed gets an alarm naming it. On its own: the dock's sync
 * answers a wrong checksum with `fail` and reason 12, a failed download with reason 3.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRSPACE_API } from '../../protocol/airspace.ts';
import type { AirspaceArea, AirspaceSync } from '../../protocol/airspace.ts';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail } from '../../protocol/tasks.ts';
import { distanceToBoundary, insideArea } from '../../server/airspace/areaGeometry.ts';
import { encodeFlightAreaFile } from '../../server/airspace/flightAreaFile.ts';
import { requireWaylineClear } from '../../server/airspace/planningCheck.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { simAreaSync } from '../../server/sim/airspace/simAreaSync.ts';
import { AIRSPACE_CODES } from '../../server/sim/airspace/simFence.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { kmzForAircraft } from '../fixtures/wpml/forAircraft.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until, uploadWayline } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'airspace-sim-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The fixture route's first two waypoints (waypoint-actions-1.0.6). */
const WP0 = { lng: 113.943, lat: 22.54 };
const WP1 = { lng: 113.9445, lat: 22.5406 };

describe('a simulated dock with custom flight areas', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  const clock = manualScheduler(Date.now());
  const [unit] = buildFleet({ drones: 1, seed: 3, center: DEFAULT_CENTER, prefix: 'AZ' });

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite || !unit) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    await registerSimFleet(server.handle.db, s.home, [unit], KEY);
    server.handle.deps.events.changed({ kind: 'device', sn: unit.dock.sn });
    sim = startSimulator({
      fleet: [unit],
      seed: 3,
      hz: 1,
      patrols: false,
      secretKey: KEY,
      transport: mqttTransport({
        url: `${server.url.replace(/^http/, 'ws')}/mqtt`,
        log: silentLog,
      }),
      scheduler: clock,
    });
    await until(async () => {
      const rows = await server.handle.db.query(
        'select 1 from devices where online and device_sn = $1',
        [unit.dock.sn],
      );
      return rows.length === 1;
    }, 'the simulated dock to come online');
  });
  afterAll(async () => {
    await sim.stop();
    await server.close();
  });

  const syncView = async () =>
    (
      await server.call<AirspaceSync>('GET', AIRSPACE_API.sync, {
        token: s.operator,
        query: { workspace_id: s.home },
      })
    ).body.data;

  it('fetches, checks and keeps the areas it is told of, and says it is synchronised', async () => {
    // A circle of 25 m on the middle of the leg from the first waypoint to the second.
    const center: [number, number] = [(WP0.lng + WP1.lng) / 2, (WP0.lat + WP1.lat) / 2];
    const added = await server.call<AirspaceArea>('POST', AIRSPACE_API.add, {
      token: s.operator,
      body: {
        workspace_id: s.home,
        name: 'Crane',
        kind: 'no_fly',
        shape: { type: 'circle', center, radius: 25 },
      },
    });
    expect(added.status).toBe(200);
    await until(
      async () => (await syncView()).docks[0]?.current === true,
      'the dock to synchronise',
    );
    const view = await syncView();
    expect(view.docks[0]).toMatchObject({
      dock_sn: unit?.dock.sn,
      status: 'synchronized',
      reason: 0,
    });
    expect(sim.flightAreas(0)?.checksum).toBe(view.file?.checksum);
    expect(sim.flightAreas(0)?.areas.map((a) => a.area_id)).toEqual([added.body.data.area_id]);
  });

  it('stops a wayline flight at the boundary of a no-fly area and hovers there', async () => {
    const areas = sim.flightAreas(0)?.areas ?? [];
    const shape = areas[0]?.shape;
    if (!shape || !unit) throw new Error('no area held');
    const wayline = await uploadWayline(
      server,
      s.operator,
      s.home,
      'into the crane',
      kmzForAircraft(fixtureKmz('waypoint-actions-1.0.6'), unit.aircraft.modelKey),
    );
    // The planning check sees what the aircraft will meet: the route crosses the crane's circle.
    await expect(
      requireWaylineClear(server.handle.db, server.handle.deps.storage, wayline.id),
    ).rejects.toMatchObject({
      status: 409,
      key: 'airspace.route_in_no_fly',
      params: { name: 'Crane' },
    });
    // The dock checks an immediate task's time against its own clock: bring it to now.
    clock.advance(Math.max(0, Date.now() - clock.now()));
    // Flown anyway, to see the aircraft respect the area: only a user allowed to may ask for it.
    const task = await server.call<FlightTask>('POST', TASK_API.add, {
      token: s.admin,
      body: {
        workspace_id: s.home,
        name: 'crane run',
        wayline_id: wayline.id,
        dock_sn: unit.dock.sn,
        schedule: { kind: 'immediate' },
        rth_altitude: 80,
        override_airspace: true,
      },
    });
    expect(task.status).toBe(200);
    const state = () => sim.unit(0);
    const last = async () =>
      (
        await server.call<FlightTaskDetail>('GET', TASK_API.info, {
          token: s.viewer,
          query: { id: task.body.data.id },
        })
      ).body.data.last;
    // The engine sends it on its own timer; the dock answers while its time stands still.
    await until(async () => (await last())?.state === 'executing', 'the task to be sent');
    for (let second = 0; second < 1_500; second++) {
      clock.advance(1_000);
      await pause(second % 10 === 0 ? 20 : 2);
      // Not any pause: the route's own hover actions pause the flight too.
      if (state()?.flight?.result === AIRSPACE_CODES.waylinePaused) break;
    }
    const flight = state()?.flight;
    expect(flight?.status).toBe('paused');
    expect(flight?.result).toBe(AIRSPACE_CODES.waylinePaused);
    const stopped = { ...(state()?.pos ?? { lat: 0, lng: 0 }) };
    expect(insideArea(shape, [stopped.lng, stopped.lat])).toBe(false);
    expect(distanceToBoundary(shape, [stopped.lng, stopped.lat])).toBeLessThan(1);
    // It hovers: ten more seconds, and it has not moved on.
    for (let second = 0; second < 10; second++) {
      clock.advance(1_000);
      await pause(5);
    }
    expect(state()?.pos).toEqual(stopped);
    expect(state()?.horizontalSpeed).toBe(0);
    await until(async () => (await last())?.state === 'paused', 'the task to show paused');
    expect((await last())?.result_code).toBe(AIRSPACE_CODES.waylinePaused);
    // The dock reported its distance to the area, and the alarm feed heard of it, naming the area.
    await until(async () => (await syncView()).docks[0]?.nearest !== null, 'the distance report');
    expect((await syncView()).docks[0]?.nearest).toMatchObject({ name: 'Crane', inside: false });
    const alarms = await server.handle.db.query<{
      device_sn: string;
      payload: { area_name: string };
    }>("select device_sn, payload from ai_alarms where category = 'airspace_nfz'");
    expect(alarms.map((a) => [a.device_sn, a.payload.area_name])).toEqual([
      [unit.aircraft.sn, 'Crane'],
    ]);
  });
});

describe('a simulated dock checking a flight area file', () => {
  const [unit] = buildFleet({ drones: 1, seed: 4, center: DEFAULT_CENTER, prefix: 'AX' });
  const good = encodeFlightAreaFile([
    {
      area_id: '6f1c2a0e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
      enabled: true,
      kind: 'no_fly',
      shape: { type: 'circle', center: [113.95, 22.54], radius: 30 },
    },
  ]);

  /** Runs one sync round against a cloud announcing `good` and serving `served`. */
  async function round(served: () => Promise<Uint8Array>) {
    if (!unit) throw new Error('no unit');
    const sent: { topic: string; body: Record<string, unknown> }[] = [];
    const sync = simAreaSync({
      def: unit,
      now: () => 1_700_000_000_000,
      publish: (topic, payload) =>
        sent.push({ topic, body: JSON.parse(payload) as Record<string, unknown> }),
      download: served,
    });
    const dock = unit.dock.sn;
    const update = {
      tid: 't-1',
      bid: 'b-1',
      timestamp: 1,
      method: 'flight_areas_update',
      data: null,
    };
    expect(sync.handle(`thing/product/${dock}/services`, Buffer.from(JSON.stringify(update)))).toBe(
      true,
    );
    await until(
      () => Promise.resolve(sent.some((m) => m.topic.endsWith('/requests'))),
      'the request',
    );
    const request = sent.find((m) => m.topic.endsWith('/requests'))?.body ?? {};
    expect(request).toMatchObject({ method: 'flight_areas_get', data: null });
    const files = [
      { name: good.name, url: 'http://files.invalid/x', checksum: good.checksum, size: good.size },
    ];
    const reply = {
      tid: request.tid,
      bid: request.bid,
      method: 'flight_areas_get',
      data: { result: 0, output: { files } },
    };
    sync.handle(`thing/product/${dock}/requests_reply`, Buffer.from(JSON.stringify(reply)));
    await sync.settled();
    return { sync, sent };
  }
  const progress = (sent: { topic: string; body: Record<string, unknown> }[]) =>
    sent
      .filter((m) => m.body.method === 'flight_areas_sync_progress')
      .map((m) => [m.body.need_reply, m.body.data]);

  it('answers the update, keeps a good file and reports synchronizing then synchronized', async () => {
    const { sync, sent } = await round(() => Promise.resolve(good.bytes));
    expect(sent[0]).toMatchObject({
      topic: `thing/product/${unit?.dock.sn ?? ''}/services_reply`,
      body: { tid: 't-1', bid: 'b-1', method: 'flight_areas_update', data: { result: 0 } },
    });
    const file = { name: good.name, checksum: good.checksum };
    expect(progress(sent)).toEqual([
      [1, { file, reason: 0, status: 'synchronizing' }],
      [1, { file, reason: 0, status: 'synchronized' }],
    ]);
    expect(sync.checksum()).toBe(good.checksum);
  });

  it('fails with reason 12 on a file whose checksum is not the announced one, keeping nothing', async () => {
    const tampered = Buffer.from(good.bytes.toString('utf8').replace('"radius":30', '"radius":31'));
    expect(tampered.length).toBe(good.size);
    expect(createHash('sha256').update(tampered).digest('hex')).not.toBe(good.checksum);
    const { sync, sent } = await round(() => Promise.resolve(tampered));
    expect(progress(sent).at(-1)).toEqual([
      1,
      { file: { name: good.name, checksum: good.checksum }, reason: 12, status: 'fail' },
    ]);
    expect(sync.checksum()).toBeNull();
    expect(sync.areas()).toEqual([]);
  });

  it('fails with reason 3 when the download fails', async () => {
    const { sent } = await round(() => Promise.reject(new Error('HTTP 404')));
    expect(progress(sent).at(-1)?.[1]).toMatchObject({ reason: 3, status: 'fail' });
  });
});

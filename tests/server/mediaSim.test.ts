/**
 * Photos from a simulated flight, end to end: the dock flies every wayline of the file, runs the
 * `reachPoint` actions (a hover holds it, rotateYaw and gimbalRotate change its state), shoots a real
 * JPEG at each `takePhoto`, and after landing asks `storage_config_get`, uploads over S3 and sends
 * `file_upload_callback`. The photos then show in the media list, linked to the task, with EXIF GPS.
 */
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaListPage } from '../../protocol/media.ts';
import { MEDIA_API } from '../../protocol/media.ts';
import { TASK_API } from '../../protocol/tasks.ts';
import type { FlightTask, FlightTaskDetail } from '../../protocol/tasks.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { initialState } from '../../server/sim/unitState.ts';
import { createRng } from '../../server/sim/rng.ts';
import {
  loadRoute,
  preparedFlight,
  progressData,
  stepActions,
} from '../../server/sim/waylineFlight.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { kmzForAircraft } from '../fixtures/wpml/forAircraft.ts';
import { takePhotoTwoWaylinesKmz } from '../fixtures/wpml/takePhotoTwoWaylines.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until as untilHolds, uploadWayline } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'media-sim-key';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('wayline actions in the simulator', () => {
  it('loads every wayline and runs reachPoint actions, holding the aircraft for a hover', () => {
    const fleet = buildFleet({ drones: 1, seed: 1, center: DEFAULT_CENTER, prefix: 'MA' });
    const def = fleet[0];
    if (!def) throw new Error('no unit');
    const s = initialState(def, createRng(1));
    const flight = preparedFlight('f-1', '');
    loadRoute(flight, readKmzRoute(takePhotoTwoWaylinesKmz()).route);
    expect(flight.points).toHaveLength(8);
    flight.status = 'in_progress';
    s.phase = 'patrol';
    s.heading = 10;
    // Placemark 0 reached: takePhoto and gimbalRotate.
    flight.index = 1;
    stepActions(flight, s, 1);
    expect(flight.shots).toHaveLength(1);
    // Actions run in file order: the photo is shot before the gimbal turns.
    expect(flight.shots[0]?.pitch).toBe(-90);
    expect(flight.gimbalPitch).toBe(-45);
    // Placemarks 1 and 2 reached at once: record, then hover and rotateYaw.
    flight.index = 3;
    stepActions(flight, s, 1);
    expect(flight.recording).toBe(true);
    expect(flight.status).toBe('paused');
    expect(progressData(flight, 50)).toMatchObject({ output: { status: 'in_progress' } });
    expect(flight.hoverLeft).toBe(5);
    for (let i = 0; i < 5; i++) stepActions(flight, s, 1);
    expect(flight.status).toBe('in_progress');
    // The second wayline's first placemark shoots again.
    flight.index = 5;
    stepActions(flight, s, 1);
    expect(flight.shots).toHaveLength(2);
    expect(flight.photoCount).toBe(2);
  });
});

describe('photos of a simulated flight', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  const clock = manualScheduler(Date.now());
  const fleet = buildFleet({ drones: 3, seed: 11, center: DEFAULT_CENTER, prefix: 'MS' });

  const until = (done: () => Promise<boolean>, what: string) => untilHolds(done, what, 3000);

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    await registerSimFleet(server.handle.db, s.home, fleet, KEY);
    for (const u of fleet) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    sim = startSimulator({
      fleet,
      seed: 11,
      hz: 1,
      secretKey: KEY,
      transport: mqttTransport({
        url: `${server.url.replace(/^http/, 'ws')}/mqtt`,
        log: silentLog,
      }),
      scheduler: clock,
    });
    await until(async () => {
      const rows = await server.handle.db.query(
        'select 1 from devices where online and device_sn like $1',
        ['MSDOCK%'],
      );
      return rows.length === fleet.length;
    }, 'the simulated docks to come online');
  });
  afterAll(async () => {
    await sim.stop();
    await server.close();
  });

  it('ends with the photos in the library, linked to the task, with EXIF GPS', async () => {
    // The dock checks an immediate task's execute_time against its own clock (30 s at most apart),
    // and setting up may have taken minutes on a busy machine: bring the simulator's time to now.
    clock.advance(Math.max(0, Date.now() - clock.now()));
    const index = fleet.findIndex((_, i) => sim.unit(i)?.phase === 'docked');
    const unit = fleet[index];
    if (!unit) throw new Error('no docked unit');
    // The route re-planned for the aircraft of that dock: a task whose route is for another
    // aircraft than its dock carries is refused (the fleet mixes docks and aircraft).
    const wayline = await uploadWayline(
      server,
      s.operator,
      s.home,
      'photo route',
      kmzForAircraft(takePhotoTwoWaylinesKmz(), unit.aircraft.modelKey),
    );
    const task = (
      await server.call<FlightTask>('POST', TASK_API.add, {
        token: s.operator,
        body: {
          workspace_id: s.home,
          name: 'photo flight',
          wayline_id: wayline.id,
          dock_sn: unit.dock.sn,
          schedule: { kind: 'immediate' },
          rth_altitude: 80,
        },
      })
    ).body.data;
    const last = async () =>
      (
        await server.call<FlightTaskDetail>('GET', TASK_API.info, {
          token: s.viewer,
          query: { id: task.id },
        })
      ).body.data.last;
    const sent = ['pending', 'dispatching', 'prepared'];
    await until(
      async () => !sent.includes((await last())?.state ?? 'pending'),
      'the task to be sent',
    );
    expect((await last())?.state).toBe('executing');
    for (let second = 0; second < 2_400; second++) {
      clock.advance(1_000);
      await pause(second % 10 === 0 ? 30 : 2);
      if (second % 20 === 0 && (await last())?.state === 'ok') break;
    }
    await until(async () => (await last())?.state === 'ok', 'the flight to end');

    const list = () =>
      server.call<MediaListPage>('GET', MEDIA_API.list, {
        token: s.viewer,
        query: { workspace_id: s.home, task_id: task.id },
      });
    await until(async () => (await list()).body.data.total === 2, 'two photos in the library');
    const rows = (await list()).body.data.rows;
    const flightId = (await last())?.flight_id;
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'photo',
        task_id: task.id,
        task_name: 'photo flight',
        flight_id: flightId,
        device_sn: unit.aircraft.sn,
        width: 1280,
        height: 720,
      });
      const bytes = new Uint8Array(
        await (await fetch(new URL(row.file_url, server.url))).arrayBuffer(),
      );
      const gps = await exifr.gps(bytes);
      expect(gps.latitude).toBeCloseTo(row.lat ?? 0, 5);
      expect(gps.longitude).toBeCloseTo(row.lon ?? 0, 5);
    }
    // The two photos were shot at the first placemark of each wayline, 300 m apart.
    const lats = rows.map((r) => r.lat ?? 0).sort();
    expect((lats[1] ?? 0) - (lats[0] ?? 0)).toBeGreaterThan(0.002);
  });
});

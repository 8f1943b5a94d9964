/**
 * The fleet replay API over what the server stores: a window's tracks as columns (every point, or
 * downsampled keeping each bucket's extremes), lanes, DRC holds and events, limited to the caller's
 * workspaces; instants need their zone; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ReplayEvent,
  ReplayTrack,
  ReplayWindow,
  ReplayWindowAnswer,
} from '../../protocol/replay.ts';
import { decodeReplayWindow, REPLAY_API } from '../../protocol/replay.ts';
import { catchUpTracks } from '../../server/replay/trackRollup.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { customUser } from './helpers/customUser.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

/** 2026-03-10 02:00 UTC, 10:00 in Beijing. */
const T0 = Date.UTC(2026, 2, 10, 2);
/** A day later: six hours of flight for the downsampling. */
const T1 = T0 + 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(backends)('replay API on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const db = () => server.handle.db;

  async function addDevice(sn: string, workspace: number, domain: number, gateway?: string) {
    const body = {
      device_sn: sn,
      name: `名称-${sn}`,
      domain,
      type: domain === 3 ? 2 : 91,
      sub_type: 0,
      model_name: domain === 3 ? 'Dock 2' : 'Matrice 3D',
      workspace_id: workspace,
      ...(gateway === undefined ? {} : { gateway_sn: gateway }),
    };
    const added = await server.call('POST', '/api/device/add', { token: s.admin, body });
    if (added.status !== 200) throw new Error(added.body.msg);
  }

  /** 600 s of one aircraft from T0: 60 s on the ground, airborne to 540 s, on the ground after. */
  async function flight(sn: string, lng0: number) {
    await db().query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, height, horizontal_speed,
         battery_percent, mode_code)
       select $1, $2::timestamptz + make_interval(secs => g), 22.5, $3 + g * 0.00001,
         case when g < 60 or g >= 540 then 0 else 100 end, 8, 90 - g / 60,
         case when g < 60 or g >= 540 then 0 else 5 end
       from generate_series(0, 599) g`,
      [sn, new Date(T0), lng0],
    );
  }

  async function seedEvents() {
    const hms = `insert into device_hms_alarms (gateway_sn, code, level, module, device_type, raised_at, cleared_at)
      values ($1, '0x16100083', 2, 3, '0-91-0', $2, $3)`;
    await db().query(hms, ['RDOCK1', new Date(T0 + 100_000), new Date(T0 + 200_000)]);
    await db().query(hms, ['RDOCK2', new Date(T0 + 100_000), null]);
    const ai = `insert into ai_alarms (workspace_id, device_sn, event_id, category, confidence, level,
        latitude, longitude, payload, raised_at) values ($1, $2, $3, $4, 0.9, $5, 22.5, 113.9, $6, $7)`;
    await db().query(ai, [s.home, 'RUAV1', 'e1', 'person', 1, '{}', new Date(T0 + 120_000)]);
    const gas = { gas: 'ch4', value: 80, unit: 'ppm', threshold: 50 };
    await db().query(ai, [s.home, 'RUAV1', 'e2', 'gas_ch4', 1, gas, new Date(T0 + 130_000)]);
    await db().query(ai, [s.other, 'RUAV2', 'e3', 'person', 1, '{}', new Date(T0 + 120_000)]);
    const [task] = await db().query<{ id: number }>(
      `insert into flight_tasks (workspace_id, name, dock_sn, schedule_kind, rth_altitude)
       values ($1, '巡检任务', 'RDOCK1', 'immediate', 100) returning id`,
      [s.home],
    );
    await db().query(
      `insert into flight_task_executions (task_id, flight_id, dock_sn, planned_at, state, started_at, ended_at)
       values ($1, 'f-1', 'RDOCK1', $2, 'ok', $2, $3)`,
      [task?.id, new Date(T0 + 30_000), new Date(T0 + 560_000)],
    );
    await db().query(
      `insert into drc_holds (dock_sn, aircraft_sn, user_id, username, started_at, ended_at)
       values ('RDOCK1', 'RUAV1', null, 'pilot-a', $1, $2), ('RDOCK2', 'RUAV2', null, 'pilot-b', $1, $2)`,
      [new Date(T0 + 300_000), new Date(T0 + 420_000)],
    );
    const audit = `insert into audit_logs (username, module, action, target, target_name, result, detail, created_at)
      values ('pilot-a', $1, $2, $3, $4, 'success', 'tid=1 result=0', $5)`;
    await db().query(audit, ['drc', 'return_home', 'RDOCK1', 'RUAV1', new Date(T0 + 400_000)]);
    await db().query(audit, ['drc', 'return_home', 'RDOCK2', 'RUAV2', new Date(T0 + 400_000)]);
    await db().query(audit, ['task', 'pause', String(task?.id), '', new Date(T0 + 410_000)]);
    await db().query(
      `insert into device_presence (device_sn, at, online) values
         ('RDOCK1', $1, true), ('RDOCK1', $2, false), ('RDOCK1', $3, true)`,
      [new Date(T0 - 3_600_000), new Date(T0 + 580_000), new Date(T0 + 590_000)],
    );
  }

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    await addDevice('RDOCK1', s.home, 3);
    await addDevice('RUAV1', s.home, 0, 'RDOCK1');
    await addDevice('RDOCK2', s.other, 3);
    await addDevice('RUAV2', s.other, 0, 'RDOCK2');
    await flight('RUAV1', 113.9);
    await flight('RUAV2', 114.0);
    await seedEvents();
  });
  afterAll(async () => {
    await server.close();
  });

  /** The window's answer, its tracks decoded as the console decodes them. */
  const read = async (token: string, query: Record<string, string | number>, lang?: string) => {
    const a = await server.call<ReplayWindowAnswer | null>('GET', REPLAY_API.window, {
      token,
      query,
      lang,
    });
    const data = a.body.data === null ? null : decodeReplayWindow(a.body.data);
    return { ...a, body: { ...a.body, data: data as ReplayWindow } };
  };
  const track = (w: ReplayWindow, sn: string): ReplayTrack | undefined =>
    w.tracks.find((t) => t.sn === sn);

  it('answers every point of a short window as columns, the end excluded', async () => {
    const a = await read(s.operator, { from: iso(T0 + 10_000), to: iso(T0 + 20_000) });
    expect(a.status).toBe(200);
    // As sent: whole numbers in the units their names say, null where a point had none.
    const sent = await server.call<ReplayWindowAnswer>('GET', REPLAY_API.window, {
      token: s.operator,
      query: { from: iso(T0 + 10_000), to: iso(T0 + 12_000) },
    });
    expect(sent.body.data.tracks).toEqual([
      {
        sn: 'RUAV1',
        t: [0, 1000],
        lng_e7: [1_139_001_000, 1_139_001_100],
        lat_e7: [225_000_000, 225_000_000],
        height_dm: [0, 0],
        speed_dm_s: [80, 80],
        battery: [90, 90],
        mode: [0, 0],
      },
    ]);
    const w = a.body.data;
    expect(w.bucket_ms).toBe(0);
    const t = track(w, 'RUAV1');
    expect(t?.t).toEqual([...Array(10).keys()].map((i) => i * 1000));
    expect(t?.lng[0]).toBeCloseTo(113.9 + 10 * 0.00001, 7);
    expect(t?.lat[0]).toBe(22.5);
    expect(t?.battery[0]).toBe(90);
    expect(t?.mode[0]).toBe(0);
    expect(w.devices.map((d) => d.sn).sort()).toEqual(['RDOCK1', 'RUAV1']);
  });

  it('reads instants with their zone alike, and refuses one without a zone', async () => {
    const utc = await read(s.operator, { from: iso(T0), to: iso(T0 + 60_000) });
    const beijing = await read(s.operator, {
      from: '2026-03-10T10:00:00+08:00',
      to: '2026-03-10T10:01:00+08:00',
    });
    const epoch = await read(s.operator, { from: T0, to: T0 + 60_000 });
    expect(beijing.body.data.from).toBe(T0);
    expect(track(beijing.body.data, 'RUAV1')?.t).toEqual(track(utc.body.data, 'RUAV1')?.t);
    expect(epoch.body.data.tracks).toEqual(utc.body.data.tracks);
    expect(track(utc.body.data, 'RUAV1')?.t).toHaveLength(60);
    const naive = await read(s.operator, { from: '2026-03-10T10:00:00', to: iso(T0 + 60_000) });
    expect(naive.status).toBe(400);
    expect(naive.body.msg).toContain('from');
    expect(naive.body.msg).toContain('时区');
  });

  it('answers an empty window with the devices, offline lanes and nothing else', async () => {
    const a = await read(s.operator, { from: iso(T0 - 7_200_000), to: iso(T0 - 3_600_000) });
    expect(a.status).toBe(200);
    const w = a.body.data;
    expect(w.tracks).toEqual([]);
    expect(w.events).toEqual([]);
    expect(w.drc).toEqual([]);
    const uav = w.lanes.find((l) => l.sn === 'RUAV1');
    expect(uav?.state).toEqual(['offline']);
    // The dock came online an hour before T0, which is where this window ends.
    expect(w.lanes.find((l) => l.sn === 'RDOCK1')?.state).toEqual(['offline']);
  });

  it('draws lanes from the track and the presence transitions', async () => {
    const w = (await read(s.operator, { from: iso(T0), to: iso(T0 + 900_000) })).body.data;
    const uav = w.lanes.find((l) => l.sn === 'RUAV1');
    expect(uav?.state).toEqual(['docked', 'flying', 'docked', 'offline']);
    expect(uav?.start).toEqual([T0, T0 + 60_000, T0 + 540_000, T0 + 600_000]);
    expect(uav?.end.at(-1)).toBe(T0 + 900_000);
    const dock = w.lanes.find((l) => l.sn === 'RDOCK1');
    expect(dock?.state).toEqual(['online', 'offline', 'online']);
    expect(dock?.start).toEqual([T0, T0 + 580_000, T0 + 590_000]);
  });

  it('lists the events of the window in time order, each of its own kind', async () => {
    const w = (await read(s.operator, { from: iso(T0), to: iso(T0 + 600_000) })).body.data;
    const kinds = w.events.map((e) => [e.kind, e.t - T0]);
    expect(kinds).toEqual([
      ['task_start', 30_000],
      ['hms', 100_000],
      ['ai_alarm', 120_000],
      ['gas', 130_000],
      ['drc_start', 300_000],
      ['command', 400_000],
      ['command', 410_000],
      ['drc_end', 420_000],
      ['task_end', 560_000],
    ]);
    const byKind = (k: ReplayEvent['kind']) => w.events.find((e) => e.kind === k);
    expect(byKind('hms')).toMatchObject({ sn: 'RUAV1', dock_sn: 'RDOCK1', level: 2 });
    expect(byKind('hms')?.until).toBe(T0 + 200_000);
    expect(byKind('gas')).toMatchObject({ label: 'ch4', detail: '80 ppm ≥ 50', lat: 22.5 });
    expect(byKind('task_start')).toMatchObject({ sn: 'RUAV1', label: '巡检任务' });
    expect(byKind('command')).toMatchObject({ label: 'return_home', user: 'pilot-a' });
    expect(w.events.find((e) => e.ref > 0 && e.label === 'task_pause')?.sn).toBe('RUAV1');
    expect(w.drc).toEqual([
      {
        dock_sn: 'RDOCK1',
        aircraft_sn: 'RUAV1',
        username: 'pilot-a',
        start: T0 + 300_000,
        end: T0 + 420_000,
      },
    ]);
  });

  it('never shows another workspace: its devices are unknown, its rows absent', async () => {
    const w = (await read(s.operator, { from: iso(T0), to: iso(T0 + 600_000) })).body.data;
    const seen = JSON.stringify(w);
    expect(seen).not.toContain('RUAV2');
    expect(seen).not.toContain('RDOCK2');
    expect(seen).not.toContain('pilot-b');
    const asked = await read(s.operator, {
      from: iso(T0),
      to: iso(T0 + 600_000),
      device_sn: 'RUAV1,RUAV2',
    });
    expect(asked.status).toBe(400);
    expect(asked.body.msg).toBe('device_sn: 所选项目中没有设备 RUAV2');
    const other = await read(s.operator, {
      from: iso(T0),
      to: iso(T0 + 60_000),
      workspace_id: s.other,
    });
    expect(other.status).toBe(404);
    const admin = await read(s.admin, {
      from: iso(T0),
      to: iso(T0 + 600_000),
      workspace_id: s.other,
    });
    expect(admin.body.data.tracks.map((t) => t.sn)).toEqual(['RUAV2']);
    expect(admin.body.data.events.every((e) => e.sn === 'RUAV2')).toBe(true);
  });

  it('narrows to the devices asked for, an aircraft bringing its dock', async () => {
    const all = await read(s.admin, { from: iso(T0), to: iso(T0 + 60_000) });
    expect(all.body.data.tracks.map((t) => t.sn).sort()).toEqual(['RUAV1', 'RUAV2']);
    const one = await read(s.admin, { from: iso(T0), to: iso(T0 + 60_000), device_sn: 'RUAV2' });
    expect(one.body.data.devices.map((d) => d.sn).sort()).toEqual(['RDOCK2', 'RUAV2']);
    expect(one.body.data.tracks.map((t) => t.sn)).toEqual(['RUAV2']);
  });

  it('downsamples a long window keeping every bucket’s extremes and only real points', async () => {
    await db().query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, height, horizontal_speed,
         battery_percent, mode_code)
       select 'RUAV1', $1::timestamptz + make_interval(secs => g), 22.5, 113.9 + g * 0.000001,
         case g when 7777 then 500 when 12345 then -50 else 100 + 10 * sin(g / 600.0) end,
         case g when 3000 then 25 else 10 end, 80, 5
       from generate_series(0, 21599) g`,
      [new Date(T1)],
    );
    const long = await read(s.operator, {
      from: iso(T1),
      to: iso(T1 + 86_400_000),
      device_sn: 'RUAV1',
      width: 200,
    });
    expect(long.status).toBe(200);
    const w = long.body.data;
    // 432 s a pixel, rounded up to whole minutes.
    expect(w.bucket_ms).toBe(480_000);
    const t = track(w, 'RUAV1');
    if (!t) throw new Error('no track');
    expect(t.t.length).toBeLessThanOrEqual(5 * 180);
    expect(t.t.length).toBeGreaterThan(50);
    const heights = t.height.filter((h): h is number => h !== null);
    expect(Math.max(...heights)).toBe(500);
    expect(Math.min(...heights)).toBe(-50);
    expect(Math.max(...t.speed.filter((v): v is number => v !== null))).toBe(25);
    expect(t.t[0]).toBe(0);
    expect(t.t.at(-1)).toBe(21_599_000);
    // Every point is one that was stored: its longitude is the one of its second.
    for (const [i, ms] of t.t.entries()) {
      expect(ms % 1000).toBe(0);
      expect(t.lng[i]).toBeCloseTo(113.9 + (ms / 1000) * 0.000001, 7);
    }
    expect([...t.t].sort((a, b) => a - b)).toEqual(t.t);
    // Once its minutes are thinned (five points a minute), a window answers the same points, a
    // part-minute at its start included.
    const edge = {
      from: iso(T1 + 30_500),
      to: iso(T1 + 86_400_000),
      device_sn: 'RUAV1',
      width: 200,
    };
    const before = await read(s.operator, edge);
    await db().query(
      'insert into track_rollup (id, rolled_from, rolled_until) values (1, $1, $1)',
      [new Date(T1)],
    );
    await catchUpTracks(db(), T1 + 7 * 3_600_000, Infinity);
    const [kept] = await db().query<{ n: number }>(
      `select count(*)::int as n from device_track_keep where device_sn = 'RUAV1' and ts >= $1`,
      [new Date(T1)],
    );
    expect(kept?.n).toBeLessThanOrEqual(5 * 360);
    expect(kept?.n).toBeGreaterThanOrEqual(2 * 360);
    const after = await read(s.operator, edge);
    expect(after.body.data.tracks).toEqual(before.body.data.tracks);
    expect(after.body.data.lanes).toEqual(before.body.data.lanes);
    // Minutes before the thinning started are read as stored: the first day's flight is there.
    const both = await read(s.operator, {
      from: iso(T0),
      to: iso(T1 + 86_400_000),
      device_sn: 'RUAV1',
      width: 200,
    });
    const first = track(both.body.data, 'RUAV1')?.t.filter((ms) => ms < 600_000) ?? [];
    expect(first.length).toBeGreaterThan(2);
    const wide = await read(s.operator, {
      from: iso(T1),
      to: iso(T1 + 6 * 3_600_000),
      device_sn: 'RUAV1',
      width: 8000,
    });
    expect(wide.body.data.bucket_ms).toBe(0);
    expect(track(wide.body.data, 'RUAV1')?.t).toHaveLength(21_600);
  });

  it('answers points in time order whatever order they were stored in', async () => {
    // Stored newest first (a device that uploads what it buffered, say): the pages hold them so.
    const late = T0 + 2 * 86_400_000 + 3_600_000;
    await db().query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, height, horizontal_speed,
         battery_percent, mode_code)
       select 'RUAV1', $1::timestamptz + make_interval(secs => g), 22.5, 113.9 + g * 0.00001,
         g, 5, 50, 5
       from generate_series(119, 0, -1) g`,
      [new Date(late)],
    );
    const every = await read(s.operator, { from: iso(late), to: iso(late + 120_000) });
    const t = track(every.body.data, 'RUAV1');
    expect(every.body.data.bucket_ms).toBe(0);
    expect(t?.t).toEqual([...Array(120).keys()].map((i) => i * 1000));
    expect(t?.height).toEqual([...Array(120).keys()]);
    expect(t?.lng[7]).toBeCloseTo(113.9 + 7 * 0.00001, 7);
    const lane = every.body.data.lanes.find((l) => l.sn === 'RUAV1');
    expect(lane?.state[0]).toBe('flying');
    expect(lane?.start[0]).toBe(late);
    // Downsampled alike: 36 s buckets, each keeping its first and last, in order.
    const thinned = await read(s.operator, {
      from: iso(late),
      to: iso(late + 3_600_000),
      device_sn: 'RUAV1',
      width: 100,
    });
    const kept = track(thinned.body.data, 'RUAV1')?.t ?? [];
    expect(thinned.body.data.bucket_ms).toBe(36_000);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(119_000);
  });

  it.each([
    [{ from: iso(T0 + 60_000), to: iso(T0) }, 'to: 结束时间须晚于开始时间'],
    [{ from: iso(T0), to: iso(T0) }, 'to: 结束时间须晚于开始时间'],
    [{ from: iso(T0), to: iso(T0 + 32 * 86_400_000) }, 'to: 时间窗口最长 31 天'],
    [{ to: iso(T0) }, 'from: 必填'],
    [{ from: 'yesterday', to: iso(T0) }, 'from'],
    [{ from: iso(T0), to: '1999-12-31T00:00:00Z' }, 'to'],
    [{ from: iso(T0), to: iso(T0 + 1000), device_sn: 'RUAV1,bad sn' }, 'device_sn'],
    [{ from: iso(T0), to: iso(T0 + 1000), device_sn: 'NOSUCH' }, 'device_sn'],
    [{ from: iso(T0), to: iso(T0 + 1000), width: 9 }, 'width'],
    [{ from: iso(T0), to: iso(T0 + 1000), width: 'wide' }, 'width'],
  ])('refuses %j with a 400 naming the field', async (query, words) => {
    const a = await read(s.operator, query);
    expect(a.status).toBe(400);
    expect(a.body.msg).toContain(words);
  });

  it('says it in English when asked, and refuses a role without the replay page', async () => {
    const a = await read(s.operator, { from: iso(T0), to: iso(T0 + 40 * 86_400_000) }, 'en');
    expect(a.body.msg).toBe('to: a window spans at most 31 days');
    const other = await customUser(server, s.admin, s.home, ['workbench']);
    const refused = await read(other.token, { from: iso(T0), to: iso(T0 + 1000) });
    expect(refused.status).toBe(403);
  });
});

describe.each(backends)('replay API with a retention on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const saved = process.env.TRACK_RETENTION_DAYS;

  beforeAll(async () => {
    process.env.TRACK_RETENTION_DAYS = '7';
    server = await startServer(backend);
    s = await seeded(server);
    const body = { device_sn: 'KEEPUAV', domain: 0, type: 91, sub_type: 0, workspace_id: s.home };
    await server.call('POST', '/api/device/add', { token: s.admin, body });
    // A point ten days ago, still in the table (its month is not dropped yet), and one an hour ago.
    await server.handle.db.query(
      `insert into device_tracks (device_sn, ts, latitude, longitude) values
         ('KEEPUAV', now() - interval '10 days', 22.5, 113.9),
         ('KEEPUAV', now() - interval '1 hour', 22.6, 114.0)`,
    );
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.TRACK_RETENTION_DAYS;
    else process.env.TRACK_RETENTION_DAYS = saved;
    await server.close();
  });

  it('answers nothing older than the retention, and says from when it keeps', async () => {
    const now = Date.now();
    const a = await server.call<ReplayWindowAnswer>('GET', REPLAY_API.window, {
      token: s.operator,
      query: { from: iso(now - 14 * 86_400_000), to: iso(now), width: 8000 },
    });
    expect(a.status).toBe(200);
    const keptFrom = a.body.data.kept_from ?? 0;
    expect(Math.abs(keptFrom - (now - 7 * 86_400_000))).toBeLessThan(60_000);
    const points = a.body.data.tracks.find((t) => t.sn === 'KEEPUAV');
    expect(points?.lat_e7).toEqual([226_000_000]);
  });
});

/**
 * The alarm and track read API over what ingestion stores: active and past HMS alarms filed under
 * the device they are about, limited to the caller's workspaces, texts from the operator's table,
 * and 400s that name the field.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HmsAlarmRecord, HmsCodeTexts, TrackPointDto } from '../../protocol/alarms.ts';
import { ALARM_API } from '../../protocol/alarms.ts';
import type { Page } from '../../protocol/http.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

/** A small table in the vendor's shape, plus the odd entries a hand-edited file may hold. */
const TABLE = {
  dock_tip_0x12040000: { zh: '机场 RTK 基站断开', en: 'Dock RTK base disconnected' },
  fpv_tip_0x16100083: { zh: '%battery_index电池过热', en: '%battery_index battery overheating' },
  fpv_tip_0x16100083_in_the_sky: { zh: '空中：电池过热', en: 'In flight: battery overheating' },
  '0x1B030019': 'Left the planned route',
  not_a_code: { zh: '忽略', en: 'ignored' },
  dock_tip_0x99990000: 42,
};

describe.each(backends)('alarm and track API on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;

  async function addDevice(sn: string, workspace: number, domain: number, gateway?: string) {
    const body = {
      device_sn: sn,
      name: sn,
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

  async function raise(
    gateway: string,
    code: string,
    deviceType: string,
    at: string,
    cleared?: string,
  ) {
    await server.handle.db.query(
      `insert into device_hms_alarms (gateway_sn, code, level, module, in_the_sky, device_type, args, raised_at, cleared_at)
       values ($1, $2, 1, 3, 0, $3, '{"sensor_index":1}', $4, $5)`,
      [gateway, code, deviceType, new Date(at), cleared === undefined ? null : new Date(cleared)],
    );
  }

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'skydeck-hms-'));
    const file = join(dir, 'hms.json');
    await writeFile(file, JSON.stringify(TABLE));
    server = await startServer(backend, { config: { hmsTextFile: file } });
    s = await seeded(server);
    await addDevice('ADOCK1', s.home, 3);
    await addDevice('AUAV1', s.home, 0, 'ADOCK1');
    await addDevice('ADOCK2', s.other, 3);
    await raise('ADOCK1', '0x12040000', '3-2-0', '2026-01-01T10:00:00Z');
    await raise('ADOCK1', '0x16100083', '0-91-0', '2026-01-01T10:05:00Z');
    await raise('ADOCK1', '0x1B030019', '0-91-0', '2026-01-01T09:00:00Z', '2026-01-01T09:02:00Z');
    await raise('ADOCK2', '0x12040000', '3-2-0', '2026-01-01T10:01:00Z');
    await server.handle.db.query(
      `insert into device_tracks (device_sn, ts, latitude, longitude, battery_percent)
       select 'AUAV1', timestamptz '2026-01-01T10:00:00Z' + make_interval(secs => g), 22.5, 113.9 + g * 0.0001, 90
       from generate_series(0, 9) g`,
    );
  });
  afterAll(() => server.close());

  it('answers active alarms filed under the aircraft or dock they are about, within scope', async () => {
    const mine = await server.call<HmsAlarmRecord[]>('GET', ALARM_API.active, {
      token: s.operator,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((a) => [a.device_sn, a.code])).toEqual([
      ['AUAV1', '0x16100083'],
      ['ADOCK1', '0x12040000'],
    ]);
    const all = await server.call<HmsAlarmRecord[]>('GET', ALARM_API.active, { token: s.admin });
    expect(all.body.data).toHaveLength(3);
    const project = await server.call<HmsAlarmRecord[]>('GET', ALARM_API.active, {
      token: s.admin,
      query: { workspace_id: s.other },
    });
    expect(project.body.data.map((a) => a.device_sn)).toEqual(['ADOCK2']);
    const byDevice = await server.call<HmsAlarmRecord[]>('GET', ALARM_API.active, {
      token: s.operator,
      query: { device_sn: 'AUAV1' },
    });
    expect(byDevice.body.data.map((a) => a.code)).toEqual(['0x16100083']);
  });

  it("hides another project's alarms and refuses its workspace", async () => {
    const foreign = await server.call('GET', ALARM_API.active, {
      token: s.operator,
      query: { workspace_id: s.other },
    });
    expect(foreign.status).toBe(404);
    const history = await server.call<Page<HmsAlarmRecord>>('GET', ALARM_API.history, {
      token: s.operator,
      query: { device_sn: 'ADOCK2' },
    });
    expect(history.body.data).toEqual({ data: [], total: 0 });
  });

  it('pages the history, cleared alarms included, within a time range', async () => {
    const first = await server.call<Page<HmsAlarmRecord>>('GET', ALARM_API.history, {
      token: s.operator,
      query: { size: 2, current: 1 },
    });
    expect(first.body.data.total).toBe(3);
    expect(first.body.data.data.map((a) => a.code)).toEqual(['0x16100083', '0x12040000']);
    const ranged = await server.call<Page<HmsAlarmRecord>>('GET', ALARM_API.history, {
      token: s.operator,
      query: { from: '2026-01-01T08:00:00Z', to: '2026-01-01T09:30:00Z' },
    });
    expect(ranged.body.data.data).toMatchObject([
      { code: '0x1B030019', device_sn: 'AUAV1', cleared_at: '2026-01-01T09:02:00.000Z' },
    ]);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [ALARM_API.history, { from: 'soon' }, 'from'],
      [ALARM_API.history, { from: '2026-01-02', to: '2026-01-01' }, 'to'],
      [ALARM_API.history, { from: '-200000-01-01' }, 'from'],
      [ALARM_API.history, { level: '7' }, 'level'],
      [ALARM_API.history, { size: '5000' }, 'size'],
      [ALARM_API.active, { device_sn: 'A\u0000B' }, 'device_sn'],
      [ALARM_API.active, { workspace_id: '99999999999' }, 'workspace_id'],
      [ALARM_API.texts, { codes: '0x1,zz' }, 'codes'],
      [ALARM_API.track, {}, 'device_sn'],
    ];
    for (const [path, query, field] of cases) {
      const answer = await server.call('GET', path, { token: s.operator, query, lang: 'en' });
      expect(answer.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(answer.body.code).toBe(100);
      expect(answer.body.msg).toContain(field);
    }
  });

  it('reads texts from the operator table, tolerating odd entries', async () => {
    const answer = await server.call<Record<string, HmsCodeTexts>>('GET', ALARM_API.texts, {
      token: s.viewer,
      query: { codes: '0x12040000,0x16100083,0x1b030019,0x00000001' },
    });
    expect(answer.body.data).toEqual({
      '0x12040000': { dock: { zh: '机场 RTK 基站断开', en: 'Dock RTK base disconnected' } },
      '0x16100083': {
        aircraft: { zh: '%battery_index电池过热', en: '%battery_index battery overheating' },
        aircraftInSky: { zh: '空中：电池过热', en: 'In flight: battery overheating' },
      },
      '0x1B030019': {
        dock: { zh: 'Left the planned route', en: 'Left the planned route' },
        aircraft: { zh: 'Left the planned route', en: 'Left the planned route' },
      },
    });
  });

  it("answers an aircraft's track in a time range, and nothing for a device out of scope", async () => {
    const track = await server.call<TrackPointDto[]>('GET', ALARM_API.track, {
      token: s.operator,
      query: { device_sn: 'AUAV1', from: '2026-01-01T10:00:03Z', to: '2026-01-01T10:00:05Z' },
    });
    expect(track.body.data.map((p) => p.ts)).toEqual([
      '2026-01-01T10:00:03.000Z',
      '2026-01-01T10:00:04.000Z',
      '2026-01-01T10:00:05.000Z',
    ]);
    expect(track.body.data[0]).toMatchObject({ latitude: 22.5, battery_percent: 90 });
    const foreign = await server.call('GET', ALARM_API.track, {
      token: s.operator,
      query: { device_sn: 'ADOCK2' },
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses a role without the workbench page', async () => {
    await server.handle.db.query(
      `delete from role_menus where role_id = (select id from roles where name = 'viewer')
         and menu_id = (select id from menus where name = 'workbench')`,
    );
    for (const path of [ALARM_API.active, ALARM_API.history]) {
      const answer = await server.call('GET', path, { token: s.viewer });
      expect(answer.status).toBe(403);
    }
  });
});

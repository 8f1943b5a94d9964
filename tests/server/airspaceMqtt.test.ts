/**
 * Airspace over MQTT, with real mqtt.js clients as docks on the embedded broker, the messages shaped
 * exactly as DJI's custom flight area pages show them: a change of a project's areas sends each of
 * its docks `flight_areas_update` (and no other project's); `flight_areas_get` (`data: null`) is
 * answered on `requests_reply` with tid, bid and method echoed and the dock's own project's file as
 * a signed link whose bytes match the announced size and SHA-256; `flight_areas_sync_progress`
 * (need_reply 1) is answered on `events_reply` and recorded; `flight_areas_drone_location` near or
 * inside a no-fly area raises one alarm per step closer, naming the area.
 */
import { createHash, randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRSPACE_API } from '../../protocol/airspace.ts';
import type { AirspaceArea, AirspaceSync, FlightAreaFile } from '../../protocol/airspace.ts';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { buildFleet, DEFAULT_CENTER, simSecret } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'airspace-mqtt-key';

interface Envelope {
  tid: string;
  bid: string;
  timestamp: number;
  method: string;
  data: unknown;
}

/** A dock: its client and every message it heard, by topic kind. */
interface Dock {
  sn: string;
  client: MqttClient;
  heard: Map<string, Envelope[]>;
}

describe.each(backends)('airspace over MQTT on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const fleet = buildFleet({ drones: 2, seed: 5, center: DEFAULT_CENTER, prefix: 'AM' });
  const [unitA, unitB] = fleet;
  let a: Dock;
  let b: Dock;

  async function connectDock(sn: string): Promise<Dock> {
    const client = await connectAsync(`${server.url.replace(/^http/, 'ws')}/mqtt`, {
      reconnectPeriod: 0,
      username: sn,
      password: simSecret(sn, KEY),
      clientId: deviceClientId(sn),
    });
    const heard = new Map<string, Envelope[]>();
    client.on('message', (topic, payload) => {
      const kind = topic.split('/').slice(3).join('/');
      heard.set(kind, [...(heard.get(kind) ?? []), JSON.parse(payload.toString()) as Envelope]);
    });
    await client.subscribeAsync(
      ['services', 'requests_reply', 'events_reply'].map((k) => `thing/product/${sn}/${k}`),
      { qos: 1 },
    );
    return { sn, client, heard };
  }
  const heardOf = (dock: Dock, kind: string) => dock.heard.get(kind) ?? [];
  const send = (dock: Dock, kind: 'requests' | 'events', body: object) =>
    dock.client.publishAsync(thingTopic(dock.sn, kind), JSON.stringify(body), { qos: 1 });

  /** Asks `flight_areas_get` exactly as the documentation's example does, and waits for the reply. */
  async function askFiles(dock: Dock) {
    const tid = randomUUID();
    const bid = randomUUID();
    await send(dock, 'requests', {
      bid,
      data: null,
      method: 'flight_areas_get',
      tid,
      timestamp: Date.now(),
    });
    let reply: Envelope | undefined;
    await until(async () => {
      reply = heardOf(dock, 'requests_reply').find((r) => r.tid === tid);
      return Promise.resolve(reply !== undefined);
    }, 'the flight_areas_get reply');
    expect(reply).toMatchObject({ tid, bid, method: 'flight_areas_get' });
    expect(typeof reply?.timestamp).toBe('number');
    return reply?.data as {
      result: number;
      output?: { files: { name: string; url: string; checksum: string; size: number }[] };
    };
  }
  const addArea = (token: string, workspaceId: number, name: string, body: object) =>
    server.call<AirspaceArea>('POST', AIRSPACE_API.add, {
      token,
      body: { workspace_id: workspaceId, name, ...body },
    });
  /** Dock A reports its airborne aircraft `distance` m from area `areaId`'s boundary. */
  const reportDistance = (areaId: string, distance: number, inside: boolean) =>
    send(a, 'events', {
      bid: randomUUID(),
      tid: randomUUID(),
      timestamp: Date.now(),
      method: 'flight_areas_drone_location',
      need_reply: 0,
      data: { drone_locations: [{ area_distance: distance, area_id: areaId, is_in_area: inside }] },
    });

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite || !unitA || !unitB) throw new Error('no backend');
    server = await startServer(backend, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    await registerSimFleet(server.handle.db, s.home, [unitA], KEY);
    await registerSimFleet(server.handle.db, s.other, [unitB], KEY);
    for (const u of fleet) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    a = await connectDock(unitA.dock.sn);
    b = await connectDock(unitB.dock.sn);
  });
  afterAll(async () => {
    await a.client.endAsync();
    await b.client.endAsync();
    await server.close();
  });

  it("tells a project's docks of a change with flight_areas_update, and no other project's", async () => {
    const area = await addArea(s.operator, s.home, 'Tower', {
      kind: 'no_fly',
      shape: { type: 'circle', center: [113.95, 22.54], radius: 200 },
    });
    expect(area.status).toBe(200);
    await until(() => Promise.resolve(heardOf(a, 'services').length > 0), 'the update');
    const [update] = heardOf(a, 'services');
    expect(update).toMatchObject({ method: 'flight_areas_update', data: null });
    expect(update?.tid).toMatch(/^[0-9a-f-]{36}$/);
    expect(update?.bid).toMatch(/^[0-9a-f-]{36}$/);
    expect(heardOf(b, 'services')).toEqual([]);
  });

  it("answers flight_areas_get with the dock's own project's file as a signed link", async () => {
    const answer = await askFiles(a);
    expect(answer.result).toBe(0);
    const [file] = answer.output?.files ?? [];
    expect(answer.output?.files).toHaveLength(1);
    const response = await fetch(file?.url ?? '');
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(file?.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file?.checksum);
    const content = JSON.parse(Buffer.from(bytes).toString('utf8')) as FlightAreaFile;
    expect(content.features.map((f) => f.geofence_type)).toEqual(['nfz']);
    // The other project has no area: its dock is told of no file.
    const other = await askFiles(b);
    expect(other).toEqual({ result: 0, output: { files: [] } });
    // A link is only good for what it was signed for.
    const tampered = new URL(file?.url ?? '');
    tampered.searchParams.set('workspace_id', String(s.other));
    expect((await fetch(tampered)).status).toBe(403);
  });

  it("never hands a dock another project's areas", async () => {
    await addArea(s.admin, s.other, 'Harbour', {
      kind: 'operation',
      shape: { type: 'circle', center: [113.9, 22.5], radius: 3000 },
    });
    await until(
      () => Promise.resolve(heardOf(b, 'services').length > 0),
      'the other dock’s update',
    );
    const files = async (dock: Dock) => {
      const url = (await askFiles(dock)).output?.files[0]?.url ?? '';
      return (await (await fetch(url)).json()) as FlightAreaFile;
    };
    expect((await files(b)).features.map((f) => f.geofence_type)).toEqual(['dfence']);
    expect((await files(a)).features.map((f) => f.geofence_type)).toEqual(['nfz']);
  });

  it('answers flight_areas_sync_progress on events_reply and records what the dock holds', async () => {
    const sync = async () =>
      (
        await server.call<AirspaceSync>('GET', AIRSPACE_API.sync, {
          token: s.operator,
          query: { workspace_id: s.home },
        })
      ).body.data;
    const checksum = (await sync()).file?.checksum ?? '';
    const report = async (data: object) => {
      const tid = randomUUID();
      const bid = randomUUID();
      await send(a, 'events', {
        bid,
        tid,
        timestamp: Date.now(),
        method: 'flight_areas_sync_progress',
        need_reply: 1,
        data,
      });
      await until(
        () => Promise.resolve(heardOf(a, 'events_reply').some((r) => r.tid === tid)),
        'the events_reply',
      );
      const reply = heardOf(a, 'events_reply').find((r) => r.tid === tid);
      expect(reply).toMatchObject({
        tid,
        bid,
        method: 'flight_areas_sync_progress',
        data: { result: 0 },
      });
    };
    await report({
      status: 'fail',
      reason: 12,
      file: { name: 'geofence_x.json', checksum: 'f'.repeat(64) },
    });
    await until(
      async () => (await sync()).docks[0]?.status === 'fail',
      'the failure to be recorded',
    );
    expect((await sync()).docks[0]).toMatchObject({
      dock_sn: a.sn,
      status: 'fail',
      reason: 12,
      current: false,
    });
    await report({
      status: 'synchronized',
      reason: 0,
      file: { name: 'geofence_x.json', checksum },
    });
    await until(async () => (await sync()).docks[0]?.current === true, 'the sync to be recorded');
    expect((await sync()).docks[0]).toMatchObject({
      status: 'synchronized',
      checksum,
      current: true,
    });
  });

  it('replies only to the reports that ask for a reply', async () => {
    const report = (tid: string, needReply: 0 | 1) =>
      send(a, 'events', {
        bid: randomUUID(),
        tid,
        timestamp: Date.now(),
        method: 'flight_areas_sync_progress',
        need_reply: needReply,
        data: { status: 'synchronizing', reason: 0, file: { name: 'x.json', checksum: '' } },
      });
    const silent = randomUUID();
    const asked = randomUUID();
    await report(silent, 0);
    await report(asked, 1);
    // Replies go out in order: once the second is answered, the first would have been too.
    await until(
      () => Promise.resolve(heardOf(a, 'events_reply').some((r) => r.tid === asked)),
      'the asked-for reply',
    );
    expect(heardOf(a, 'events_reply').some((r) => r.tid === silent)).toBe(false);
  });

  it('tells a dock again on resync, audited; only its own project may, and only with the right', async () => {
    const updates = () =>
      heardOf(a, 'services').filter((m) => m.method === 'flight_areas_update').length;
    const before = updates();
    const resync = (token: string, body: object) =>
      server.call<{ told: number }>('POST', AIRSPACE_API.resync, { token, body });
    const answer = await resync(s.operator, { workspace_id: s.home, dock_sn: a.sn });
    expect(answer.status, answer.body.msg).toBe(200);
    expect(answer.body.data.told).toBe(1);
    await until(() => Promise.resolve(updates() > before), 'the update sent again');
    const [row] = await server.handle.db.query<{ target: string; username: string }>(
      `select target, username from audit_logs where module = 'airspace' and action = 'resync'
       order by id desc limit 1`,
    );
    expect(row).toMatchObject({ target: a.sn, username: 'operator' });
    // Another project's dock is not this project's to resync; a viewer may not resync at all.
    expect((await resync(s.operator, { workspace_id: s.home, dock_sn: b.sn })).status).toBe(404);
    expect((await resync(s.viewer, { workspace_id: s.home, dock_sn: a.sn })).status).toBe(403);
  });

  it('raises an alarm naming the area when the aircraft nears a no-fly area, another inside it', async () => {
    const db = server.handle.db;
    const areas = await server.call<AirspaceArea[]>('GET', AIRSPACE_API.list, {
      token: s.operator,
      query: { workspace_id: s.home },
    });
    const areaId = areas.body.data[0]?.area_id ?? '';
    const locate = (distance: number, inside: boolean) => reportDistance(areaId, distance, inside);
    const alarms = () =>
      db.query<{
        level: number;
        device_sn: string;
        payload: { area_name: string; area_distance: number };
      }>(
        "select level, device_sn, payload from ai_alarms where category = 'airspace_nfz' order by id",
      );
    await locate(400, false);
    await locate(50, false);
    await until(async () => (await alarms()).length === 1, 'the first alarm');
    await locate(40, false);
    await locate(0, true);
    await until(async () => (await alarms()).length === 2, 'the second alarm');
    await locate(5, true);
    const sync = await server.call<AirspaceSync>('GET', AIRSPACE_API.sync, {
      token: s.operator,
      query: { workspace_id: s.home },
    });
    expect(sync.body.data.docks[0]?.nearest).toMatchObject({
      area_id: areaId,
      name: 'Tower',
      inside: true,
    });
    const rows = await alarms();
    expect(
      rows.map((r) => [r.level, r.device_sn, r.payload.area_name, r.payload.area_distance]),
    ).toEqual([
      [1, unitA?.aircraft.sn, 'Tower', 50],
      [2, unitA?.aircraft.sn, 'Tower', 0],
    ]);
  });

  it('raises an alarm when the aircraft nears the edge of an operation area, another outside it', async () => {
    const db = server.handle.db;
    const added = await addArea(s.operator, s.home, 'Quarry', {
      kind: 'operation',
      shape: { type: 'circle', center: [113.95, 22.54], radius: 1500 },
    });
    expect(added.status, added.body.msg).toBe(200);
    const areaId = added.body.data.area_id;
    const locate = (distance: number, inside: boolean) => reportDistance(areaId, distance, inside);
    const alarms = () =>
      db.query<{ level: number; payload: { area_name: string; area_kind: string } }>(
        "select level, payload from ai_alarms where category = 'airspace_fence' order by id",
      );
    // Well inside: nothing. Inside near the edge: a caution. Outside: a warning.
    await locate(600, true);
    await locate(40, true);
    await until(async () => (await alarms()).length === 1, 'the edge alarm');
    await locate(2, false);
    await until(async () => (await alarms()).length === 2, 'the outside alarm');
    expect(
      (await alarms()).map((r) => [r.level, r.payload.area_name, r.payload.area_kind]),
    ).toEqual([
      [1, 'Quarry', 'operation'],
      [2, 'Quarry', 'operation'],
    ]);
  });
});

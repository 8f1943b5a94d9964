import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAYLINE_API, type Wayline, type WaylineWithRoute } from '../../protocol/waylines.ts';
import { readKmzRoute } from '../../server/waylines/readRoute.ts';
import { fromWaylineRoute, toWaylineRoute } from '../../src/lib/route/routeConvert.ts';
import { defaultMapping, withMapping } from '../../src/lib/route/mappingRoute.ts';
import { addWayline, appendPoint, updatePoint } from '../../src/lib/route/routeEdits.ts';
import { activePoints, emptyRoute, type EditorRoute } from '../../src/lib/route/routeModel.ts';
import type { Seeded } from './helpers/accounts.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const NOW = Date.UTC(2026, 10, 22);

/** A route as the editor would build it: three points, the middle one lower and taking a photo. */
function drawn(): EditorRoute {
  let r = emptyRoute();
  for (const lat of [22.54, 22.541, 22.542]) r = appendPoint(r, 113.95, lat);
  const middle = activePoints(r)[1]?.id ?? '';
  return updatePoint(r, middle, { height: 60, actions: [{ kind: 'takePhoto' }] });
}

describe.each(backends)('the wayline editor routes on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;

  const download = async (token: string, id: number) => {
    const response = await fetch(new URL(`${WAYLINE_API.download}?id=${id}`, server.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    return new Uint8Array(await response.arrayBuffer());
  };

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
  });
  afterAll(() => server.close());

  it('saves a drawn route as a KMZ that reads back to the same route', async () => {
    const route = toWaylineRoute(drawn(), NOW);
    const created = await server.call<Wayline>('POST', WAYLINE_API.create, {
      token: s.operator,
      body: { workspace_id: s.home, name: '编辑器航线', route },
    });
    expect(created.status).toBe(200);
    const w = created.body.data;
    expect(w).toMatchObject({ name: '编辑器航线', waypoint_count: 3, template_type: 'waypoint' });
    const bytes = await download(s.operator, w.id);
    expect(md5(bytes)).toBe(w.md5);
    expect(readKmzRoute(bytes).route.paths).toEqual(route.paths);

    const opened = await server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
      token: s.viewer,
      query: { id: w.id },
    });
    expect(opened.status).toBe(200);
    const strip = (r: EditorRoute) => activePoints(r).map(({ id: _id, ...rest }) => rest);
    expect(strip(fromWaylineRoute(opened.body.data.route))).toEqual(strip(drawn()));

    const edited = fromWaylineRoute(opened.body.data.route);
    activePoints(edited).pop();
    const saved = await server.call<Wayline>('POST', WAYLINE_API.save, {
      token: s.operator,
      body: { id: w.id, name: '编辑器航线 v2', route: toWaylineRoute(edited, NOW + 1000) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: w.id, name: '编辑器航线 v2', waypoint_count: 2 });
    expect(saved.body.data.md5).not.toBe(w.md5);
    expect(md5(await download(s.operator, w.id))).toBe(saved.body.data.md5);
    const audits = await server.handle.db.query<{ action: string; result: string }>(
      `select action, result from audit_logs where module = 'wayline' and target like $1 order by id`,
      [`${w.id}%`],
    );
    expect(audits.map((a) => `${a.action} ${a.result}`)).toEqual(['add success', 'edit success']);
  });

  it('saves a mapping route as a mapping2d template that opens with its area and settings', async () => {
    const ring: [number, number][] = [
      [113.95, 22.54],
      [113.953, 22.54],
      [113.953, 22.542],
      [113.95, 22.542],
    ];
    const settings = { ...defaultMapping('1-53-0'), height: 70, sideOverlap: 60, direction: 15 };
    const mapped = withMapping(emptyRoute(), ring, settings);
    const created = await server.call<Wayline>('POST', WAYLINE_API.create, {
      token: s.operator,
      body: { workspace_id: s.home, name: '测绘区域', route: toWaylineRoute(mapped, NOW) },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      template_type: 'mapping2d',
      waypoint_count: activePoints(mapped).length,
    });
    const opened = await server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
      token: s.viewer,
      query: { id: created.body.data.id },
    });
    const reopened = fromWaylineRoute(opened.body.data.route);
    expect(reopened.mapping).toEqual({ ring, settings, shootType: 'distance' });
    expect(activePoints(reopened).map((p) => [p.lng, p.lat])).toEqual(
      activePoints(mapped).map((p) => [p.lng, p.lat]),
    );
  });

  it('saves each wayline as its own Folder, and refuses two with one id', async () => {
    let two = addWayline(drawn());
    for (const lat of [22.55, 22.551]) two = appendPoint(two, 113.96, lat);
    const route = toWaylineRoute(two, NOW);
    const created = await server.call<Wayline>('POST', WAYLINE_API.create, {
      token: s.operator,
      body: { workspace_id: s.home, name: '两条航线', route },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.waypoint_count).toBe(5);
    const paths = readKmzRoute(await download(s.operator, created.body.data.id)).route.paths;
    expect(paths.map((p) => [p.waylineId, p.points.length])).toEqual([
      [0, 3],
      [1, 2],
    ]);
    const clash = structuredClone(route);
    const second = clash.paths[1];
    if (second) second.waylineId = 0;
    const refused = await server.call('POST', WAYLINE_API.create, {
      token: s.operator,
      lang: 'en',
      body: { workspace_id: s.home, name: 'x', route: clash },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('route.paths');
  });

  it('refuses to change a wayline a pending task uses, and keeps its file', async () => {
    const created = await server.call<Wayline>('POST', WAYLINE_API.create, {
      token: s.operator,
      body: { workspace_id: s.home, name: '任务航线', route: toWaylineRoute(drawn(), NOW) },
    });
    const w = created.body.data;
    await server.handle.db.query(
      `insert into flight_tasks (workspace_id, name, wayline_id, dock_sn, schedule_kind, rth_altitude, state)
       values ($1, '每日巡检', $2, 'DOCK-X', 'timed', 100, 'active')`,
      [s.home, w.id],
    );
    const refused = await server.call('POST', WAYLINE_API.save, {
      token: s.operator,
      lang: 'en',
      body: { id: w.id, name: w.name, route: toWaylineRoute(drawn(), NOW) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('每日巡检');
    expect(md5(await download(s.operator, w.id))).toBe(w.md5);
  });

  it('answers 400 naming the field of a bad route, and 403 without the permission', async () => {
    const route = toWaylineRoute(drawn(), NOW);
    const send = (body: unknown, token = s.operator) =>
      server.call('POST', WAYLINE_API.create, { token, lang: 'en', body });
    const farPoint = structuredClone(route);
    const first = farPoint.paths[0]?.points[0];
    if (first) first.lat = 91;
    const bad = await send({ workspace_id: s.home, name: 'x', route: farPoint });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('route.paths.0.points.0.lat');
    const drone = structuredClone(route);
    drone.mission.droneEnumValue = 61;
    const unknown = await send({ workspace_id: s.home, name: 'x', route: drone });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('route.mission.droneEnumValue');
    const finish = structuredClone(route);
    (finish.mission as { finishAction: string }).finishAction = 'explode';
    expect((await send({ workspace_id: s.home, name: 'x', route: finish })).body.msg).toContain(
      'route.mission.finishAction',
    );
    expect((await send({ workspace_id: s.home, name: 'x', route }, s.viewer)).status).toBe(403);
  });
});

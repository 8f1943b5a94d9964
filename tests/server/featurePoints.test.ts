/**
 * Feature points on the real server: CRUD within the caller's workspaces, the usual refusals (400
 * naming the field, 403 without the permission, 404 across workspaces), imports refused whole with
 * each bad row named, CSV and GeoJSON round trips, reference photos, the inspection wayline stored
 * in the library and readable by the editor, and alarms linked by distance when read.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type {
  FeatureExportFile,
  FeatureImportRefusal,
  FeatureImportResult,
  FeatureNearby,
  FeaturePhoto,
  FeaturePoint,
  FeaturePointDetail,
  FeatureWaylineResult,
} from '../../protocol/featurePoints.ts';
import { FEATURE_API } from '../../protocol/featurePoints.ts';
import type { Page } from '../../protocol/http.ts';
import type { Wayline, WaylineWithRoute } from '../../protocol/waylines.ts';
import { WAYLINE_API } from '../../protocol/waylines.ts';
import { ingestAiAlarm } from '../../server/ai/ingestAiAlarm.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';
import { distance } from '@turf/turf';
import { tamperedUrl } from './helpers/tamperedUrl.ts';

const BASE = {
  name: '1号塔',
  category: 'tower',
  longitude: 113.95,
  latitude: 22.54,
  height: 60,
  gimbal_pitch: -30,
  gimbal_yaw: 90,
  zoom: 4,
  radius: 30,
  classes: ['person', 'smoke'],
  notes: '东侧绝缘子',
};

const CSV_GOOD = [
  'name,category,longitude,latitude,height,gimbal_pitch,gimbal_yaw,zoom,classes,notes',
  'A 塔,tower,113.9400,22.5300,50,-45,0,2,person;vehicle,"北侧, 看绝缘子"',
  'B 塔,tower,113.9500,22.5300,55,-60,90,1,smoke,',
  'C 塔,bridge,113.9500,22.5400,40,-30,-90,3,,"多行',
  '备注"',
  'D 塔,bridge,113.9400,22.5400,45,-20,180,1,fire,',
].join('\n');

describe.each(backends)('feature points on $name', (backend) => {
  const world = useSeededServer(backend);
  const call = <T>(method: string, path: string, token: string, body?: object, query?: object) =>
    world.server.call<T>(method, path, {
      token,
      ...(body && { body }),
      ...(query && { query: query as Record<string, string | number> }),
    });

  const add = (token: string, body: object) =>
    call<FeaturePoint>('POST', FEATURE_API.add, token, body);
  const list = (token: string, query: object = {}) =>
    call<Page<FeaturePoint>>('GET', FEATURE_API.list, token, undefined, { size: 100, ...query });

  it('adds, lists, reads, edits and deletes a point, each change audited', async () => {
    const added = await add(world.s.operator, { ...BASE, workspace_id: world.s.home });
    expect(added.status).toBe(200);
    const point = added.body.data;
    expect(point).toMatchObject({
      ...BASE,
      workspace_id: world.s.home,
      photo_count: 0,
      cover_url: null,
    });
    expect(point.creator_name).toBe('operator');

    const found = await list(world.s.operator, { keyword: '1号', category: 'tower' });
    expect(found.body.data.data.map((p) => p.id)).toContain(point.id);
    const none = await list(world.s.operator, { keyword: 'nothing-like-this' });
    expect(none.body.data.total).toBe(0);

    const info = await call<FeaturePointDetail>(
      'GET',
      FEATURE_API.info,
      world.s.operator,
      undefined,
      {
        id: point.id,
      },
    );
    expect(info.body.data).toMatchObject({ id: point.id, photos: [] });

    const edited = await call<FeaturePoint>('POST', FEATURE_API.edit, world.s.operator, {
      ...BASE,
      id: point.id,
      longitude: 113.951,
      gimbal_pitch: -90,
      classes: [],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ longitude: 113.951, gimbal_pitch: -90, classes: [] });

    const logs = await world.server.call<Page<{ module: string; action: string; target: string }>>(
      'GET',
      '/api/logs/list',
      { token: world.s.admin, query: { module: 'feature', size: 50 } },
    );
    const actions = logs.body.data.data.filter((l) => l.module === 'feature').map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['add', 'edit']));

    const gone = await call('POST', FEATURE_API.del, world.s.operator, { ids: [point.id] });
    expect(gone.status).toBe(200);
    const after = await call('GET', FEATURE_API.info, world.s.operator, undefined, {
      id: point.id,
    });
    expect(after.status).toBe(404);
  });

  it('refuses bad values with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ latitude: 91 }, 'latitude'],
      [{ longitude: -181 }, 'longitude'],
      [{ gimbal_pitch: -91 }, 'gimbal_pitch'],
      [{ gimbal_yaw: 181 }, 'gimbal_yaw'],
      [{ zoom: 0 }, 'zoom'],
      [{ name: '  ' }, 'name'],
      [{ classes: ['bad class!'] }, 'classes'],
    ];
    for (const [change, field] of cases) {
      const answer = await add(world.s.operator, {
        ...BASE,
        workspace_id: world.s.home,
        ...change,
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.msg, field).toContain(field);
    }
    const total = (await list(world.s.operator)).body.data.total;
    expect(total).toBe(0);
  });

  it('refuses a viewer (403) and hides other workspaces (404)', async () => {
    expect((await list(world.s.viewer)).status).toBe(403);
    expect((await add(world.s.viewer, { ...BASE, workspace_id: world.s.home })).status).toBe(403);

    const foreign = await add(world.s.admin, {
      ...BASE,
      name: '前海点',
      workspace_id: world.s.other,
    });
    expect(foreign.status).toBe(200);
    const id = foreign.body.data.id;
    expect((await add(world.s.operator, { ...BASE, workspace_id: world.s.other })).status).toBe(
      404,
    );
    expect((await call('GET', FEATURE_API.info, world.s.operator, undefined, { id })).status).toBe(
      404,
    );
    expect((await call('POST', FEATURE_API.edit, world.s.operator, { ...BASE, id })).status).toBe(
      404,
    );
    expect((await call('POST', FEATURE_API.del, world.s.operator, { ids: [id] })).status).toBe(404);
    expect((await list(world.s.operator)).body.data.data.map((p) => p.id)).not.toContain(id);
    expect((await call('POST', FEATURE_API.del, world.s.admin, { ids: [id] })).status).toBe(200);
  });

  it('refuses an import with bad rows, naming each by line, and stores nothing', async () => {
    const csv = [
      'name,category,longitude,latitude,height,gimbal_pitch,gimbal_yaw,zoom,classes,notes',
      'ok,tower,113.94,22.53,50,-45,0,2,,',
      'bad lat,tower,113.94,95,50,-45,0,2,,',
      ',tower,113.94,22.53,abc,-45,0,2,,',
      'ok too,tower,113.95,22.53,50,-45,0,2,,',
    ].join('\n');
    const refused = await call<FeatureImportRefusal>('POST', FEATURE_API.import, world.s.operator, {
      workspace_id: world.s.home,
      format: 'csv',
      text: csv,
    });
    expect(refused.status).toBe(400);
    const problems = refused.body.data.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 3, field: 'latitude' }),
        expect.objectContaining({ line: 4, field: 'name' }),
        expect.objectContaining({ line: 4, field: 'height' }),
      ]),
    );
    expect(problems.every((p) => p.line === 3 || p.line === 4)).toBe(true);
    expect(refused.body.msg).toContain('第 3 行');
    expect((await list(world.s.operator)).body.data.total).toBe(0);

    const geo = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [113.9, 22.5, 30] },
          properties: { name: 'g1' },
        },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: [] },
          properties: { name: 'g2' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [113.9, 22.5, 30] },
          properties: { name: 'g3', zoom: 500 },
        },
      ],
    };
    const refusedGeo = await world.server.call<FeatureImportRefusal>('POST', FEATURE_API.import, {
      token: world.s.operator,
      lang: 'en',
      body: { workspace_id: world.s.home, format: 'geojson', text: JSON.stringify(geo) },
    });
    expect(refusedGeo.status).toBe(400);
    expect(refusedGeo.body.data.problems.map((p) => [p.line, p.field])).toEqual([
      [2, 'geometry'],
      [3, 'zoom'],
    ]);
    expect(refusedGeo.body.msg).toContain('feature 3');
    expect((await list(world.s.operator)).body.data.total).toBe(0);
  });

  it('round-trips CSV and GeoJSON', async () => {
    const imported = await call<FeatureImportResult>('POST', FEATURE_API.import, world.s.operator, {
      workspace_id: world.s.home,
      format: 'csv',
      text: CSV_GOOD,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.imported).toBe(4);
    const points = (await list(world.s.operator)).body.data.data;
    const c = points.find((p) => p.name === 'C 塔');
    expect(c).toMatchObject({ notes: '多行\n备注', classes: [], radius: 30, gimbal_yaw: -90 });
    expect(points.find((p) => p.name === 'A 塔')).toMatchObject({
      notes: '北侧, 看绝缘子',
      classes: ['person', 'vehicle'],
    });

    const strip = (p: FeaturePoint) => ({
      name: p.name,
      category: p.category,
      longitude: p.longitude,
      latitude: p.latitude,
      height: p.height,
      gimbal_pitch: p.gimbal_pitch,
      gimbal_yaw: p.gimbal_yaw,
      zoom: p.zoom,
      radius: p.radius,
      classes: p.classes,
      notes: p.notes,
    });
    const byName = (ps: FeaturePoint[]) =>
      ps.map(strip).sort((a, b) => a.name.localeCompare(b.name));

    for (const format of ['csv', 'geojson'] as const) {
      const file = await call<FeatureExportFile>(
        'GET',
        FEATURE_API.export,
        world.s.operator,
        undefined,
        {
          format,
          workspace_id: world.s.home,
        },
      );
      expect(file.status).toBe(200);
      if (format === 'csv')
        expect(file.body.data.text.split('\r\n')[0]).toMatch(
          /^name,category,longitude,latitude,height,gimbal_pitch,gimbal_yaw,zoom,classes,notes/,
        );
      else expect(JSON.parse(file.body.data.text)).toMatchObject({ type: 'FeatureCollection' });
      // The admin imports the file into the other project: the same points come out.
      const again = await call<FeatureImportResult>('POST', FEATURE_API.import, world.s.admin, {
        workspace_id: world.s.other,
        format,
        text: file.body.data.text,
      });
      expect(again.status).toBe(200);
      const copies = (await list(world.s.admin, { workspace_id: world.s.other })).body.data.data;
      expect(byName(copies)).toEqual(byName(points));
      await call('POST', FEATURE_API.del, world.s.admin, { ids: copies.map((p) => p.id) });
    }
  });

  it('generates an inspection wayline the library stores and the editor reads back', async () => {
    const points = (await list(world.s.operator)).body.data.data;
    expect(points.length).toBe(4);
    // A crossing order (A, C, B, D on a square): the wayline must visit them without crossing.
    const byName = new Map(points.map((p) => [p.name, p.id]));
    const ids = ['A 塔', 'C 塔', 'B 塔', 'D 塔'].map((n) => byName.get(n) ?? 0);
    const made = await call<FeatureWaylineResult>('POST', FEATURE_API.wayline, world.s.operator, {
      workspace_id: world.s.home,
      ids,
      name: '特征点巡检',
    });
    expect(made.status).toBe(200);
    const { wayline_id: waylineId, order, length_m: length } = made.body.data;
    expect(order[0]).toBe(ids[0]);
    expect(new Set(order)).toEqual(new Set(ids));
    // A square of ~1.03 km × 1.11 km: the perimeter minus one side, not the two diagonals.
    expect(length).toBeLessThan(3300);

    const route = await call<WaylineWithRoute>(
      'GET',
      WAYLINE_API.route,
      world.s.operator,
      undefined,
      {
        id: waylineId,
      },
    );
    expect(route.status).toBe(200);
    const wps = route.body.data.route.paths[0]?.points ?? [];
    expect(wps).toHaveLength(4);
    const pointsById = new Map(points.map((p) => [p.id, p]));
    wps.forEach((wp, i) => {
      const p = pointsById.get(order[i] ?? 0);
      // The aircraft stops 30 m from the point along the camera's line of sight and shoots it.
      const flat = distance([wp.lng, wp.lat], [p?.longitude ?? 0, p?.latitude ?? 0], {
        units: 'meters',
      });
      expect(Math.hypot(flat, wp.height - (p?.height ?? 0))).toBeCloseTo(30, 0);
      const funcs = wp.actionGroups.flatMap((g) => g.actions.map((a) => a.func));
      expect(funcs).toEqual(['orientedShoot']);
    });
    const library = await call<Page<Wayline>>(
      'GET',
      WAYLINE_API.list,
      world.s.operator,
      undefined,
      {
        workspace_id: world.s.home,
      },
    );
    expect(library.body.data.data.find((w) => w.id === waylineId)).toMatchObject({
      name: '特征点巡检',
      waypoint_count: 4,
    });

    // Points of another project are not reachable, and a viewer may not make waylines.
    const foreign = await call('POST', FEATURE_API.wayline, world.s.operator, {
      workspace_id: world.s.home,
      ids: [...ids, 999_999],
      name: 'x',
    });
    expect(foreign.status).toBe(404);
    const viewer = await call('POST', FEATURE_API.wayline, world.s.viewer, {
      workspace_id: world.s.home,
      ids,
      name: 'x',
    });
    expect(viewer.status).toBe(403);
  });

  it('stores reference photos with a thumbnail and refuses what is not an image', async () => {
    const point = (await list(world.s.operator)).body.data.data[0];
    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const added = await call<FeaturePhoto[]>('POST', FEATURE_API.photoAdd, world.s.operator, {
      point_id: point?.id,
      name: 'ref.jpg',
      data: jpeg.toString('base64'),
    });
    expect(added.status).toBe(200);
    const [photo] = added.body.data;
    expect(photo).toMatchObject({ name: 'ref.jpg', width: 800, height: 600 });
    const thumb = await fetch(new URL(photo?.thumb_url ?? '', world.server.url));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width).toBe(320);
    const tampered = tamperedUrl(photo?.url ?? '');
    expect((await fetch(new URL(tampered, world.server.url))).status).toBe(403);

    const bad = await call('POST', FEATURE_API.photoAdd, world.s.operator, {
      point_id: point?.id,
      name: 'x.jpg',
      data: Buffer.from('not an image at all').toString('base64'),
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { msg: string }).msg).toContain('data');
    const listed = (await list(world.s.operator)).body.data.data.find((p) => p.id === point?.id);
    expect(listed?.photo_count).toBe(1);
    expect(listed?.cover_url).toMatch(/^\/api\/feature\/photo\?/);
  });

  it('links alarms within the radius at read time, and not those outside', async () => {
    const device = await world.server.call('POST', '/api/device/add', {
      token: world.s.admin,
      body: {
        device_sn: 'FPUAV1',
        name: 'FP 无人机',
        domain: 0,
        type: 91,
        sub_type: 0,
        model_name: 'Matrice 3D',
        workspace_id: world.s.home,
      },
    });
    expect(device.status).toBe(200);
    const centre = { longitude: 113.96, latitude: 22.55 };
    const point = await add(world.s.operator, {
      ...BASE,
      ...centre,
      name: '告警点',
      workspace_id: world.s.home,
    });
    const detect = (id: string, dLat: number) =>
      ingestAiAlarm(
        world.server.handle.db,
        world.server.handle.deps.aiAlarms,
        'FPUAV1',
        {
          alarm_id: id,
          category: 'person',
          confidence: 0.9,
          level: 1,
          latitude: centre.latitude + dLat,
          longitude: centre.longitude,
        },
        Date.now(),
      );
    // 0.0002° of latitude is ~22 m (inside 30 m); 0.0004° is ~44 m (outside).
    const near = await detect('fp-near', 0.0002);
    const far = await detect('fp-far', 0.0004);
    expect(near).not.toBeNull();
    expect(far).not.toBeNull();
    const seen = await call<FeatureNearby>('GET', FEATURE_API.nearby, world.s.operator, undefined, {
      id: point.body.data.id,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.alarms.map((a) => a.id)).toEqual([near]);
    expect(seen.body.data.alarms[0]?.distance_m).toBeGreaterThan(20);
    expect(seen.body.data.alarms[0]?.distance_m).toBeLessThan(30);

    // A wider radius links the far one too: the link is made when read.
    await call('POST', FEATURE_API.edit, world.s.operator, {
      ...BASE,
      ...centre,
      name: '告警点',
      radius: 60,
      id: point.body.data.id,
    });
    const wider = await call<FeatureNearby>(
      'GET',
      FEATURE_API.nearby,
      world.s.operator,
      undefined,
      {
        id: point.body.data.id,
      },
    );
    expect(new Set(wider.body.data.alarms.map((a) => a.id))).toEqual(new Set([near, far]));
  });
});

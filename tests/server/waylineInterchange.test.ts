/**
 * Routes in and out of other tools' formats, with files this test writes itself: Google Earth style
 * KML and KMZ areas become mapping routes, GeoJSON lines waypoint routes, and a stored route
 * exported as KML imports back to the same waypoints. Hostile and broken files are refused with a
 * 400 naming the problem and store nothing; the permission and project checks are the KMZ upload's.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Envelope, Page } from '../../protocol/http.ts';
import {
  WAYLINE_INTERCHANGE_API,
  type InterchangeImported,
  type InterchangePreview,
} from '../../protocol/waylineInterchange.ts';
import {
  WAYLINE_API,
  type Wayline,
  type WaylineRoute,
  type WaylineWithRoute,
} from '../../protocol/waylines.ts';
import { KML_MAX_ELEMENTS } from '../../server/waylines/interchange/kmlRead.ts';
import { fixtureKmz } from '../fixtures/wpml/kmz.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

type Ring = [number, number][];

/** A Google Earth style KML: one Placemark per entry, several polygons in a MultiGeometry. */
function kmlOf(
  placemarks: { name: string; polygons?: Ring[]; holes?: Ring[]; line?: number[][] }[],
): string {
  const coords = (points: number[][]) => points.map((p) => p.join(',')).join(' ');
  const closed = (ring: Ring) => coords([...ring, ring[0] ?? [0, 0]].map(([x, y]) => [x, y, 0]));
  const polygon = (ring: Ring, holes: Ring[] = []) =>
    `<Polygon><outerBoundaryIs><LinearRing><coordinates>
      ${closed(ring)}
    </coordinates></LinearRing></outerBoundaryIs>${holes
      .map(
        (h) =>
          `<innerBoundaryIs><LinearRing><coordinates>${closed(h)}</coordinates></LinearRing></innerBoundaryIs>`,
      )
      .join('')}</Polygon>`;
  const geometry = (p: (typeof placemarks)[number]) => {
    if (p.line) return `<LineString><coordinates>${coords(p.line)}</coordinates></LineString>`;
    const polygons = (p.polygons ?? []).map((ring) => polygon(ring, p.holes));
    return polygons.length > 1
      ? `<MultiGeometry>${polygons.join('')}</MultiGeometry>`
      : polygons.join('');
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
  <Document><name>fields</name><Folder><name>farm</name>
    ${placemarks.map((p) => `<Placemark><name>${p.name}</name>${geometry(p)}</Placemark>`).join('\n')}
  </Folder></Document>
</kml>`;
}

/** A GeoJSON FeatureCollection of LineStrings. */
function geoJsonOf(lines: { name: string; coordinates: unknown[] }[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: lines.map((l) => ({
      type: 'Feature',
      properties: { name: l.name },
      geometry: { type: 'LineString', coordinates: l.coordinates },
    })),
  });
}

const FIELD: Ring = [
  [113.9501234, 22.5301234],
  [113.9532109, 22.5302345],
  [113.9529876, 22.5331987],
  [113.9503456, 22.5328765],
];
const PADDOCK: Ring = [
  [113.96, 22.54],
  [113.962, 22.54],
  [113.961, 22.5415],
];
const ORCHARD: Ring = [
  [113.97, 22.55],
  [113.9712, 22.55],
  [113.9712, 22.5511],
  [113.97, 22.5511],
];
const PATH = [
  [113.931, 22.521, 35],
  [113.9321, 22.5222, 40.5],
  [113.9335, 22.5219, 42],
  [113.934, 22.523, 38.25],
];

const expectRing = (got: Ring | undefined, want: Ring) => {
  expect(got).toHaveLength(want.length);
  want.forEach(([x, y], i) => {
    expect(got?.[i]?.[0]).toBeCloseTo(x, 7);
    expect(got?.[i]?.[1]).toBeCloseTo(y, 7);
  });
};

describe.each(backends.slice(0, 1))('routes from and to other tools on $name', (backend) => {
  const world = useSeededServer(backend);

  async function send<T>(
    path: string,
    bytes: Uint8Array | string,
    query: Record<string, string | number>,
    token = world.s.operator,
  ) {
    const url = new URL(path, world.server.url);
    const all = { workspace_id: world.s.home, drone: '0-67-1', ...query };
    for (const [k, v] of Object.entries(all)) url.searchParams.set(k, String(v));
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'accept-language': 'en',
      },
      body: typeof bytes === 'string' ? strToU8(bytes) : bytes,
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  const importFile = (bytes: Uint8Array | string, query: Record<string, string | number>) =>
    send<InterchangeImported>(WAYLINE_INTERCHANGE_API.import, bytes, query);

  /** Imports and expects success; answers the routes created. */
  async function imported(bytes: Uint8Array | string, query: Record<string, string | number>) {
    const answer = await importFile(bytes, query);
    expect(answer.status, answer.body.msg).toBe(200);
    return answer.body.data.waylines;
  }

  async function routeOf(id: number): Promise<WaylineRoute> {
    const answer = await world.server.call<WaylineWithRoute>('GET', WAYLINE_API.route, {
      token: world.s.operator,
      query: { id },
    });
    expect(answer.status).toBe(200);
    return answer.body.data.route;
  }

  async function exportKml(id: number, token = world.s.operator) {
    const url = new URL(WAYLINE_INTERCHANGE_API.exportKml, world.server.url);
    url.searchParams.set('id', String(id));
    return fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  }

  /** What the library holds: rows and stored files. */
  async function library() {
    const list = await world.server.call<Page<Wayline>>('GET', WAYLINE_API.list, {
      token: world.s.admin,
    });
    return {
      rows: list.body.data.total,
      objects: (await world.server.handle.deps.storage.list('waylines/')).length,
    };
  }

  /** Imports `bytes` and expects a 400 with `msg`, nothing stored, and the refusal audited. */
  async function refused(bytes: Uint8Array | string, name: string, msg: string | RegExp) {
    const before = await library();
    const answer = await importFile(bytes, { name });
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 400, code: 100 });
    if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
    else expect(answer.body.msg).toMatch(msg);
    expect(await library()).toEqual(before);
    const audits = await world.server.handle.db.query<{ target: string; result: string }>(
      `select target, result from audit_logs where module = 'wayline' order by id desc limit 1`,
    );
    expect(audits[0]).toEqual({ target: name, result: 'failure' });
  }

  it('imports a KML polygon as a mapping route over that area, at the chosen height', async () => {
    const [w, ...more] = await imported(kmlOf([{ name: 'north field', polygons: [FIELD] }]), {
      name: '农田.kml',
      height: 80,
    });
    expect(more).toHaveLength(0);
    expect(w).toMatchObject({
      name: '农田',
      workspace_id: world.s.home,
      template_type: 'mapping2d',
      drone_model_key: '0-67-1',
      payload_model_key: '1-53-0',
      creator_name: 'operator',
    });
    const route = await routeOf(w?.id ?? 0);
    expectRing(route.template.polygon, FIELD);
    const points = route.paths.flatMap((p) => p.points);
    expect(points.length).toBe(w?.waypoint_count);
    // Flight lines over a 300 m field at 80 m: several, each two waypoints, all at 80 m.
    expect(points.length).toBeGreaterThanOrEqual(6);
    expect(points.length % 2).toBe(0);
    expect(new Set(points.map((p) => p.height))).toEqual(new Set([80]));
    expect(route.paths[0]?.executeHeightMode).toBe('relativeToStartPoint');
    // Every waypoint lies within the field's bounds.
    const lngs = FIELD.map((c) => c[0]);
    for (const p of points) {
      expect(p.lng).toBeGreaterThanOrEqual(Math.min(...lngs));
      expect(p.lng).toBeLessThanOrEqual(Math.max(...lngs));
    }
  });

  it('leaves a polygon’s holes out of its flight lines, and says so in the preview', async () => {
    const [w0, s0, e0, n0] = [113.95, 22.53, 113.954, 22.534];
    const square: Ring = [
      [w0, s0],
      [e0, s0],
      [e0, n0],
      [w0, n0],
    ];
    // A pond in the middle, a third of the field across.
    const [hw, hs, he, hn] = [113.9513, 22.5313, 113.9527, 22.5327];
    const pond: Ring = [
      [hw, hs],
      [he, hs],
      [he, hn],
      [hw, hn],
    ];
    const kml = kmlOf([{ name: 'pond field', polygons: [square], holes: [pond] }]);
    const preview = await send<InterchangePreview>(WAYLINE_INTERCHANGE_API.preview, kml, {
      name: 'pond.kml',
      height: 60,
    });
    expect(preview.body.data.routes[0]?.notes).toEqual([{ code: 'holes', count: 1 }]);
    const whole = await send<InterchangePreview>(
      WAYLINE_INTERCHANGE_API.preview,
      kmlOf([{ name: 'pond field', polygons: [square] }]),
      { name: 'pond.kml', height: 60 },
    );
    const [w] = await imported(kml, { name: 'pond.kml', height: 60 });
    const points = (await routeOf(w?.id ?? 0)).paths.flatMap((p) => p.points);
    // Lines through the pond become two passes, one either side: more waypoints than without it.
    expect(points.length).toBeGreaterThan(whole.body.data.routes[0]?.waypoint_count ?? Infinity);
    expect(points.length % 2).toBe(0);
    const inPond = (p: { lng: number; lat: number }) =>
      p.lng > hw + 1e-7 && p.lng < he - 1e-7 && p.lat > hs + 1e-7 && p.lat < hn - 1e-7;
    expect(points.filter(inPond)).toEqual([]);
  });

  it('previews several placemarks without storing, then makes one route per polygon', async () => {
    const kml = kmlOf([
      { name: 'north field', polygons: [FIELD] },
      { name: 'east', polygons: [PADDOCK, ORCHARD] },
    ]);
    const before = await library();
    const preview = await send<InterchangePreview>(WAYLINE_INTERCHANGE_API.preview, kml, {
      name: 'farm.kml',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.format).toBe('kml');
    expect(preview.body.data.routes.map((r) => [r.name, r.template_type])).toEqual([
      ['farm - north field', 'mapping2d'],
      ['farm - east', 'mapping2d'],
      ['farm - east', 'mapping2d'],
    ]);
    expectRing(preview.body.data.routes[1]?.area, PADDOCK);
    expect(await library()).toEqual(before);

    const made = await imported(kml, { name: 'farm.kml' });
    expect(made.map((w) => w.waypoint_count)).toEqual(
      preview.body.data.routes.map((r) => r.waypoint_count),
    );
    expectRing((await routeOf(made[2]?.id ?? 0)).template.polygon, ORCHARD);
  });

  it('reads the KML inside a KMZ, as Google Earth zips it', async () => {
    const kmz = zipSync({
      'doc.kml': strToU8(kmlOf([{ name: 'field', polygons: [FIELD] }])),
      'files/icon.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    const [w] = await imported(kmz, { name: 'field.kmz' });
    expect(w?.name).toBe('field');
    expectRing((await routeOf(w?.id ?? 0)).template.polygon, FIELD);
  });

  it('imports GeoJSON lines as one waypoint route, a waypoint per vertex', async () => {
    const flat = PATH.map(([x, y]) => [x, y]);
    const geojson = geoJsonOf([
      { name: 'a', coordinates: flat },
      { name: 'b', coordinates: flat.slice(0, 2).reverse() },
    ]);
    const [w] = await imported(geojson, { name: 'patrol.geojson', height: 60 });
    expect(w).toMatchObject({ name: 'patrol', template_type: 'waypoint', waypoint_count: 6 });
    const route = await routeOf(w?.id ?? 0);
    expect(route.paths).toHaveLength(2);
    expect(route.paths[0]?.points.map((p) => [p.lng, p.lat, p.height])).toEqual(
      PATH.map(([x, y]) => [x, y, 60]),
    );
    expect(route.paths[0]?.executeHeightMode).toBe('relativeToStartPoint');
  });

  it('reads GeoJSON heights above the ellipsoid (RFC 7946), or above take-off when asked', async () => {
    const geojson = geoJsonOf([{ name: 'ridge', coordinates: PATH }]);
    const [ellipsoid] = await imported(geojson, { name: 'ridge.json' });
    const [relative] = await imported(geojson, { name: 'ridge.json', altitude: 'relative' });
    for (const [w, mode] of [
      [ellipsoid, 'WGS84'],
      [relative, 'relativeToStartPoint'],
    ] as const) {
      const path = (await routeOf(w?.id ?? 0)).paths[0];
      expect(path?.executeHeightMode).toBe(mode);
      expect(path?.points.map((p) => [p.lng, p.lat, p.height])).toEqual(PATH);
    }
  });

  it('exports a route as KML that imports back to the same waypoints', async () => {
    const geojson = geoJsonOf([{ name: 'ridge', coordinates: PATH }]);
    for (const altitude of ['file', 'relative']) {
      const [w] = await imported(geojson, { name: 'R&D <north>.geojson', altitude });
      const original = await routeOf(w?.id ?? 0);
      const response = await exportKml(w?.id ?? 0);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(
        /^application\/vnd\.google-earth\.kml\+xml/,
      );
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename=".*\.kml"/,
      );
      const kml = await response.text();
      // The name is escaped by the XML writer, and the heights say what they are measured from.
      expect(kml).toContain('<name>R&amp;D &lt;north&gt;</name>');
      expect(kml).toContain(
        altitude === 'file'
          ? '<altitudeMode>absolute</altitudeMode>'
          : '<altitudeMode>relativeToGround</altitudeMode>',
      );
      expect(kml.match(/<Point>/g)).toHaveLength(PATH.length);

      const [again] = await imported(kml, { name: 'again.kml' });
      const back = await routeOf(again?.id ?? 0);
      expect(back.paths.map((p) => p.executeHeightMode)).toEqual(
        original.paths.map((p) => p.executeHeightMode),
      );
      const points = (r: WaylineRoute) =>
        r.paths.flatMap((p) => p.points.map((q) => [q.lng, q.lat, q.height]));
      expect(points(back)).toEqual(points(original));
    }
  });

  it('exports a mapping route with its area, and its area imports back', async () => {
    const [w] = await imported(kmlOf([{ name: 'f', polygons: [FIELD] }]), { name: 'area.kml' });
    const kml = await (await exportKml(w?.id ?? 0)).text();
    expect(kml).toContain('<Polygon>');
    const made = await imported(kml, { name: 'area-again.kml' });
    expect(made.map((m) => m.template_type)).toEqual(['mapping2d', 'waypoint']);
    expectRing((await routeOf(made[0]?.id ?? 0)).template.polygon, FIELD);
    expect(made[1]?.waypoint_count).toBe(w?.waypoint_count);
  });

  it('refuses entities, whether in a KML or inside a KMZ, naming the file', async () => {
    const withEntity = kmlOf([{ name: '&x;', polygons: [FIELD] }]).replace(
      '?>',
      '?>\n<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    );
    await refused(
      withEntity,
      'evil.kml',
      'evil.kml uses a DOCTYPE/entities, which are not allowed',
    );
    await refused(
      zipSync({ 'doc.kml': strToU8(withEntity) }),
      'evil.kmz',
      'doc.kml uses a DOCTYPE/entities, which are not allowed',
    );
  });

  it('refuses too many vertices or elements before building them', async () => {
    const many = Array.from({ length: 65_536 }, (_, i) => [113.9 + i * 1e-6, 22.5]);
    await refused(
      geoJsonOf([{ name: 'long', coordinates: many }]),
      'long.geojson',
      '65536+ waypoints exceed the limit of 65535',
    );
    await refused(
      kmlOf([{ name: 'long', line: many }]),
      'long.kml',
      '65536 waypoints exceed the limit of 65535',
    );
    await refused(
      kmlOf([{ name: 'f', polygons: [FIELD] }]).replace(
        '<Folder>',
        `<Folder>${'<ExtendedData/>'.repeat(KML_MAX_ELEMENTS)}`,
      ),
      'bloated.kml',
      `bloated.kml: more than ${String(KML_MAX_ELEMENTS)} XML elements`,
    );
    const round = Array.from({ length: 1001 }, (_, i): [number, number] => [
      113.9 + 0.01 * Math.cos((i / 1001) * 2 * Math.PI),
      22.5 + 0.01 * Math.sin((i / 1001) * 2 * Math.PI),
    ]);
    await refused(
      kmlOf([{ name: 'round', polygons: [round] }]),
      'round.kml',
      'area 1 has 1001 corners, more than the limit of 1000',
    );
  });

  it('refuses bad coordinates, naming the shape, vertex and value', async () => {
    await refused(
      kmlOf([{ name: 'x', polygons: [[...FIELD.slice(0, 2), [200, 22.53]]] }]),
      'bad.kml',
      'shape 1, vertex 3: invalid coordinates 200,22.53,0',
    );
    await refused(
      geoJsonOf([
        {
          name: 'x',
          coordinates: [
            [113.9, 22.5],
            ['east', 22.5],
          ],
        },
      ]),
      'bad.geojson',
      'shape 1, vertex 2: invalid coordinates ["east",22.5]',
    );
    await refused(
      kmlOf([{ name: 'x', polygons: [[FIELD[0] ?? [0, 0], FIELD[1] ?? [0, 0]]] }]),
      'flat.kml',
      'area 1 has no surface (fewer than 3 corners, or all in a line) and cannot be mapped',
    );
  });

  it('refuses what is not one of its formats, or is a DJI route, or holds nothing to fly', async () => {
    await refused('hello', 'x.kml', 'unrecognised file: choose a KML, KMZ or GeoJSON file');
    await refused('{"type": "Feature", ', 'x.json', /^JSON error: /);
    await refused('{"type":"Topology"}', 'x.json', 'not GeoJSON: unsupported type "Topology"');
    await refused(
      `{"a":${'['.repeat(100)}${']'.repeat(100)}}`,
      'deep.json',
      'JSON nested deeper than 64 levels',
    );
    await refused(
      fixtureKmz('waypoint-actions-1.0.6'),
      'dji.kmz',
      'this is a DJI route file (WPML): import it as a KMZ route',
    );
    await refused(
      JSON.stringify({ type: 'Point', coordinates: [113.9, 22.5] }),
      'pin.geojson',
      'the file holds no area or line to import (1 point(s) ignored)',
    );
    await refused(
      '<html><body/></html>',
      'page.kml',
      'page.kml is not KML: its root element is not kml',
    );
  });

  it('checks the aircraft and height it is asked for, naming the field', async () => {
    const kml = kmlOf([{ name: 'f', polygons: [FIELD] }]);
    const badDrone = await importFile(kml, { name: 'f.kml', drone: '0-1-0' });
    expect([badDrone.status, badDrone.body.msg]).toEqual([400, 'drone: invalid value']);
    const low = await importFile(kml, { name: 'f.kml', height: 0 });
    expect([low.status, low.body.msg]).toEqual([400, 'height: must be at least 2']);
  });

  it('keeps to the upload and download permissions and to the caller’s projects', async () => {
    const kml = kmlOf([{ name: 'f', polygons: [FIELD] }]);
    const viewer = await send(
      WAYLINE_INTERCHANGE_API.import,
      kml,
      { name: 'v.kml' },
      world.s.viewer,
    );
    expect(viewer.status).toBe(403);
    const preview = await send(
      WAYLINE_INTERCHANGE_API.preview,
      kml,
      { name: 'v.kml' },
      world.s.viewer,
    );
    expect(preview.status).toBe(403);
    const elsewhere = await importFile(kml, { name: 'x.kml', workspace_id: world.s.other });
    expect(elsewhere.status).toBe(404);

    // A route of the other project, made by the admin: the operator cannot export it.
    const theirs = await send<InterchangeImported>(
      WAYLINE_INTERCHANGE_API.import,
      kml,
      { name: 'theirs.kml', workspace_id: world.s.other },
      world.s.admin,
    );
    expect(theirs.status).toBe(200);
    const theirId = theirs.body.data.waylines[0]?.id ?? 0;
    expect((await exportKml(theirId)).status).toBe(404);
    expect((await exportKml(theirId, world.s.admin)).status).toBe(200);
    // Viewers may download routes, so they may export them.
    const [mine] = await imported(kml, { name: 'mine.kml' });
    expect((await exportKml(mine?.id ?? 0, world.s.viewer)).status).toBe(200);
    expect((await exportKml(999_999)).status).toBe(404);
  });
});

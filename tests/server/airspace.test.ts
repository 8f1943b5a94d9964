/**
 * The airspace API: areas belong to a project (another project's are 404, never listed), the page
 * and its buttons are permissions like any other, a shape a dock could not use is a 400 naming the
 * field with nothing stored, imports are all or nothing, every change is audited, and the project's
 * flight area file is exactly the documented format, named by its SHA-256.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { AIRSPACE_API } from '../../protocol/airspace.ts';
import type { AirspaceArea, AirspaceSync, LngLat } from '../../protocol/airspace.ts';
import { airspaceObjectKey } from '../../server/airspace/fileLink.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

/** A square of about 220 m around a point near the simulator's centre. */
function square(lng: number, lat: number, half = 0.001): LngLat[] {
  return [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ];
}

describe.each(backends)('airspace areas on $name', (backend) => {
  const world = useSeededServer(backend);
  const call = <T>(method: string, path: string, token: string, body?: unknown, query = {}) =>
    world.server.call<T>(method, path, { token, body, query, lang: 'en' });
  const add = (token: string, body: object) =>
    call<AirspaceArea>('POST', AIRSPACE_API.add, token, body);
  const list = (token: string, workspaceId: number) =>
    call<AirspaceArea[]>('GET', AIRSPACE_API.list, token, undefined, { workspace_id: workspaceId });
  const syncOf = async (workspaceId: number) =>
    (
      await call<AirspaceSync>('GET', AIRSPACE_API.sync, world.s.admin, undefined, {
        workspace_id: workspaceId,
      })
    ).body.data;

  it('adds, lists, renames, disables and deletes areas of the caller’s project', async () => {
    const { operator, viewer, home } = world.s;
    const nfz = await add(operator, {
      workspace_id: home,
      name: 'Substation',
      kind: 'no_fly',
      shape: { type: 'polygon', coordinates: square(113.95, 22.54) },
    });
    expect(nfz.status).toBe(200);
    expect(nfz.body.data).toMatchObject({ name: 'Substation', kind: 'no_fly', enabled: true });
    expect(nfz.body.data.area_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(nfz.body.data.updated_by).toBe('operator');
    const edited = await call<AirspaceArea>('POST', AIRSPACE_API.edit, operator, {
      id: nfz.body.data.id,
      name: 'Substation north',
      enabled: false,
    });
    expect(edited.body.data).toMatchObject({ name: 'Substation north', enabled: false });
    const read = await list(viewer, home);
    expect(read.body.data.map((a) => a.name)).toContain('Substation north');
    // The viewer reads the page but holds none of its buttons.
    const refused = await add(viewer, {
      name: 'x',
      kind: 'no_fly',
      shape: { type: 'circle', center: [113.95, 22.54], radius: 50 },
    });
    expect(refused.status).toBe(403);
    const del = await call('POST', AIRSPACE_API.del, operator, { id: nfz.body.data.id });
    expect(del.status).toBe(200);
    expect((await list(viewer, home)).body.data.some((a) => a.id === nfz.body.data.id)).toBe(false);
  });

  it("keeps another project's areas out of reach: 404, never listed", async () => {
    const { admin, operator, other } = world.s;
    const theirs = await add(admin, {
      workspace_id: other,
      name: 'Their zone',
      kind: 'no_fly',
      shape: { type: 'circle', center: [113.9, 22.5], radius: 80 },
    });
    expect(theirs.status).toBe(200);
    const id = theirs.body.data.id;
    expect((await list(operator, other)).status).toBe(404);
    const edit = await call('POST', AIRSPACE_API.edit, operator, { id, name: 'mine now' });
    expect(edit.status).toBe(404);
    expect(edit.body.msg).toBe('no such airspace area');
    expect((await call('POST', AIRSPACE_API.del, operator, { id })).status).toBe(404);
    const addThere = await add(operator, {
      workspace_id: other,
      name: 'sneaky',
      kind: 'no_fly',
      shape: { type: 'circle', center: [113.9, 22.5], radius: 80 },
    });
    expect(addThere.status).toBe(404);
    expect((await list(admin, other)).body.data.map((a) => a.name)).toEqual(['Their zone']);
  });

  it('refuses shapes a dock cannot use with 400 naming the field, storing nothing', async () => {
    const { operator, home } = world.s;
    const before = (await list(operator, home)).body.data.length;
    const polygon = (coordinates: unknown) => ({
      workspace_id: home,
      name: 'bad',
      kind: 'no_fly',
      shape: { type: 'polygon', coordinates },
    });
    const bowtie = [
      [113.95, 22.54],
      [113.96, 22.55],
      [113.96, 22.54],
      [113.95, 22.55],
      [113.95, 22.54],
    ];
    /** A closed ring of `n` vertices around a circle (n + 1 positions: the first again at the end). */
    const ringOf = (n: number) =>
      Array.from({ length: n + 1 }, (_, i): LngLat => {
        const a = (2 * Math.PI * (i % n)) / n;
        return [113.95 + 0.01 * Math.cos(a), 22.54 + 0.01 * Math.sin(a)];
      });
    const many = ringOf(10_001);
    const cases: [object, string][] = [
      [
        polygon(bowtie),
        'shape.coordinates: the polygon crosses itself (near 113.955000, 22.545000)',
      ],
      [polygon(many), 'shape.coordinates: too many vertices (10001); at most 10000'],
      [polygon(square(113.95, 22.54).slice(0, 4)), 'shape.coordinates: the ring is not closed'],
      [
        polygon([
          [113.95, 22.54],
          [113.96, 22.54],
          [113.96, 95],
          [113.95, 22.54],
        ]),
        'shape.coordinates.2: position out of range',
      ],
      [
        { ...polygon([]), shape: { type: 'circle', center: [113.95, 22.54], radius: 0 } },
        'shape.radius: the radius must be between 10 and 100000 m',
      ],
      [
        { ...polygon([]), shape: { type: 'circle', center: [113.95, 22.54], radius: -5 } },
        'shape.radius: the radius must be between',
      ],
      [
        { ...polygon([]), shape: { type: 'circle', center: [200, 22.54], radius: 50 } },
        'shape.center: position out of range',
      ],
    ];
    for (const [body, text] of cases) {
      const answer = await add(operator, body);
      expect(answer.status, text).toBe(400);
      expect(answer.body.msg).toContain(text);
    }
    const spike = await call('POST', AIRSPACE_API.edit, operator, {
      id: 1_999_999,
      shape: { type: 'polygon', coordinates: bowtie },
    });
    expect(spike.status).toBe(404);
    expect((await list(operator, home)).body.data).toHaveLength(before);
    // The limit itself is allowed: 10 000 vertices, closed by the first again.
    const most = await add(operator, polygon(ringOf(10_000)));
    expect(most.status, most.body.msg).toBe(200);
    expect((await list(operator, home)).body.data).toHaveLength(before + 1);
  });

  it('builds the file from every area, disabled ones marked, in the documented format, named by its SHA-256', async () => {
    const { admin, org } = world.s;
    // A project of its own, so the other tests' areas stay out of this file.
    const made = await call<{ id: number }>('POST', '/api/workspace/add', admin, {
      name: 'Airspace file project',
      parent_id: org,
      mold_id: 2,
    });
    const ws = made.body.data.id;
    const ring = square(113.97, 22.52);
    const nfz = (
      await add(admin, {
        workspace_id: ws,
        name: 'A',
        kind: 'no_fly',
        shape: { type: 'polygon', coordinates: ring },
      })
    ).body.data;
    const op = (
      await add(admin, {
        workspace_id: ws,
        name: 'B',
        kind: 'operation',
        shape: { type: 'circle', center: [113.97, 22.52], radius: 1500 },
      })
    ).body.data;
    const off = (
      await add(admin, {
        workspace_id: ws,
        name: 'C',
        kind: 'no_fly',
        enabled: false,
        shape: { type: 'circle', center: [113.98, 22.52], radius: 30 },
      })
    ).body.data;
    const { file } = await syncOf(ws);
    expect(file).not.toBeNull();
    const stored = await world.server.handle.deps.storage.get(
      airspaceObjectKey(ws, file?.checksum ?? ''),
    );
    const bytes = stored?.body ?? new Uint8Array();
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file?.checksum);
    expect(bytes.length).toBe(file?.size);
    expect(file?.name).toBe(`geofence_${(file?.checksum ?? '').slice(0, 16)}.json`);
    expect(file?.area_count).toBe(3);
    expect(JSON.parse(Buffer.from(bytes).toString('utf8'))).toEqual({
      type: 'FeatureCollection',
      features: [
        {
          id: nfz.area_id,
          type: 'Feature',
          geofence_type: 'nfz',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: { radius: 0, enable: true },
        },
        {
          id: op.area_id,
          type: 'Feature',
          geofence_type: 'dfence',
          geometry: { type: 'Point', coordinates: [113.97, 22.52] },
          properties: { subType: 'Circle', radius: 1500, enable: true },
        },
        // A disabled area is sent too, marked so: the dock holds the project's whole list.
        {
          id: off.area_id,
          type: 'Feature',
          geofence_type: 'nfz',
          geometry: { type: 'Point', coordinates: [113.98, 22.52] },
          properties: { subType: 'Circle', radius: 30, enable: false },
        },
      ],
    });
    // The file imports into another project as it is: kinds, shapes and the area switched off.
    const copy = await call<{ id: number }>('POST', '/api/workspace/add', admin, {
      name: 'Airspace file copy',
      parent_id: org,
      mold_id: 2,
    });
    const reread = await call<AirspaceArea[]>('POST', AIRSPACE_API.import, admin, {
      workspace_id: copy.body.data.id,
      format: 'geojson',
      kind: 'operation',
      content: Buffer.from(bytes).toString('utf8'),
    });
    expect(reread.body.data.map((a) => [a.kind, a.shape.type, a.enabled])).toEqual([
      ['no_fly', 'polygon', true],
      ['operation', 'circle', true],
      ['no_fly', 'circle', false],
    ]);
    // A change makes a new version; the old object goes.
    await call('POST', AIRSPACE_API.edit, admin, { id: op.id, enabled: false });
    const next = (await syncOf(ws)).file;
    expect(next?.checksum).not.toBe(file?.checksum);
    expect(next?.area_count).toBe(3);
    expect(
      await world.server.handle.deps.storage.head(airspaceObjectKey(ws, file?.checksum ?? '')),
    ).toBeUndefined();
    // Everything disabled: still a file, every area in it marked off.
    await call('POST', AIRSPACE_API.edit, admin, { id: nfz.id, enabled: false });
    const allOff = (await syncOf(ws)).file;
    const offBytes = await world.server.handle.deps.storage.get(
      airspaceObjectKey(ws, allOff?.checksum ?? ''),
    );
    const offFile = JSON.parse(
      Buffer.from(offBytes?.body ?? new Uint8Array()).toString('utf8'),
    ) as {
      features: { properties: { enable: boolean } }[];
    };
    expect(offFile.features.map((f) => f.properties.enable)).toEqual([false, false, false]);
    // No area at all: no file (the docks are told of none).
    for (const id of [nfz.id, op.id, off.id])
      expect((await call('POST', AIRSPACE_API.del, admin, { id })).status).toBe(200);
    expect((await syncOf(ws)).file).toBeNull();
  });

  it('imports GeoJSON and KML polygons, all or nothing', async () => {
    const { operator, home } = world.s;
    const before = (await list(operator, home)).body.data.length;
    const feature = (name: string, geometry: object, props = {}) => ({
      type: 'Feature',
      properties: { name, ...props },
      geometry,
    });
    const twins = [[square(113.931, 22.531, 0.0002)], [square(113.935, 22.535, 0.0002)]];
    const geojson = {
      type: 'FeatureCollection',
      features: [
        feature('Pier', { type: 'Polygon', coordinates: [square(113.93, 22.53)] }),
        feature('Twin', { type: 'MultiPolygon', coordinates: twins }),
        feature('Mast', { type: 'Point', coordinates: [113.94, 22.53] }, { radius: 40 }),
        feature('Road', {
          type: 'LineString',
          coordinates: [
            [113.9, 22.5],
            [113.91, 22.51],
          ],
        }),
      ],
    };
    const imported = await call<AirspaceArea[]>('POST', AIRSPACE_API.import, operator, {
      workspace_id: home,
      format: 'geojson',
      kind: 'no_fly',
      content: JSON.stringify(geojson),
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.map((a) => [a.name, a.shape.type])).toEqual([
      ['Pier', 'polygon'],
      ['Twin 1', 'polygon'],
      ['Twin 2', 'polygon'],
      ['Mast', 'circle'],
    ]);
    const ring = square(113.92, 22.52)
      .map(([lng, lat]) => `${String(lng)},${String(lat)},0`)
      .join(' ');
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><Placemark><name>School</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${ring}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Folder></Document></kml>`;
    const fromKml = await call<AirspaceArea[]>('POST', AIRSPACE_API.import, operator, {
      workspace_id: home,
      format: 'kml',
      kind: 'operation',
      content: kml,
    });
    expect(fromKml.body.data.map((a) => [a.name, a.kind])).toEqual([['School', 'operation']]);
    const bowtie = [
      [113.95, 22.54],
      [113.96, 22.55],
      [113.96, 22.54],
      [113.95, 22.55],
      [113.95, 22.54],
    ];
    const broken = {
      ...geojson,
      features: [geojson.features[0], feature('', { type: 'Polygon', coordinates: [bowtie] })],
    };
    const refused = await call('POST', AIRSPACE_API.import, operator, {
      workspace_id: home,
      format: 'geojson',
      kind: 'no_fly',
      content: JSON.stringify(broken),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('features.1.coordinates: the polygon crosses itself');
    const unreadable = await call('POST', AIRSPACE_API.import, operator, {
      workspace_id: home,
      format: 'kml',
      kind: 'no_fly',
      content: '<kml><Placemark>',
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.msg).toContain('content: the file cannot be read');
    expect((await list(operator, home)).body.data).toHaveLength(before + 5);
  });

  it('refuses hostile files by name, storing nothing', async () => {
    const { operator, home } = world.s;
    const before = (await list(operator, home)).body.data.length;
    const hostile: { format: 'kml' | 'geojson'; content: string; says: string }[] = [
      {
        format: 'kml',
        content: `<kml>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</kml>`,
        says: 'XML nested deeper than',
      },
      {
        format: 'kml',
        content: `<kml><Document>${'<Placemark/>'.repeat(80_000)}</Document></kml>`,
        says: 'content: the file holds more than 200 areas',
      },
      {
        format: 'kml',
        content: `<kml><Document>${'<a/>'.repeat(240_000)}</Document></kml>`,
        says: 'content: the file holds no polygon or circle',
      },
      {
        format: 'kml',
        content: '<!DOCTYPE kml [<!ENTITY a "aaaa">]><kml>&a;</kml>',
        says: 'DOCTYPE',
      },
      {
        format: 'geojson',
        content: `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
        says: 'JSON nested deeper than 64 levels',
      },
    ];
    for (const file of hostile) {
      const answer = await call('POST', AIRSPACE_API.import, operator, {
        workspace_id: home,
        kind: 'no_fly',
        ...file,
      });
      expect(answer.status, file.content.slice(0, 40)).toBe(400);
      expect(answer.body.msg).toContain(file.says);
    }
    expect((await list(operator, home)).body.data).toHaveLength(before);
  });

  it('audits every change', async () => {
    const { operator, home } = world.s;
    const db = world.server.handle.deps.db;
    const [mark] = await db.query<{ id: number }>(
      'select coalesce(max(id), 0) as id from audit_logs',
    );
    const area = (
      await add(operator, {
        workspace_id: home,
        name: 'Audited',
        kind: 'no_fly',
        shape: { type: 'circle', center: [113.95, 22.5], radius: 20 },
      })
    ).body.data;
    await call('POST', AIRSPACE_API.edit, operator, { id: area.id, name: 'Audited 2' });
    await call('POST', AIRSPACE_API.del, operator, { id: area.id });
    await add(operator, {
      workspace_id: home,
      name: 'bad',
      kind: 'no_fly',
      shape: { type: 'circle', center: [113.95, 22.5], radius: 0 },
    });
    const rows = await db.query<{
      action: string;
      result: string;
      target_name: string;
      detail: string;
    }>(
      `select action, result, target_name, detail from audit_logs where id > $1 and module = 'airspace' order by id`,
      [mark?.id ?? 0],
    );
    expect(rows.map((r) => [r.action, r.result])).toEqual([
      ['add', 'success'],
      ['edit', 'success'],
      ['del', 'success'],
      ['add', 'failure'],
    ]);
    expect(rows[2]?.target_name).toBe('Audited 2');
    expect(rows[3]?.detail).toContain('airspace.radius');
  });

  it('adds the page to a database seeded before it, once', async () => {
    const db = world.server.handle.deps.db;
    await db.query("delete from menus where name = 'airspace'");
    const sql = await readFile(
      new URL('../../server/db/migrations/0990_airspace.sql', import.meta.url),
      'utf8',
    );
    const menuPart = sql.slice(sql.indexOf('-- The page for databases'));
    await db.exec(menuPart);
    await db.exec(menuPart);
    const granted = await db.query<{ name: string; n: number }>(
      `select r.name, count(*)::int as n from role_menus rm join roles r on r.id = rm.role_id
       join menus m on m.id = rm.menu_id
       where m.name = 'airspace' or m.perms like 'airspace:%' group by r.name order by r.name`,
    );
    expect(granted).toEqual([
      { name: 'admin', n: 4 },
      { name: 'operator', n: 4 },
      { name: 'viewer', n: 1 },
    ]);
  });
});

/**
 * The media library: files registered from `file_upload_callback` (thumbnail made once, EXIF as the
 * fallback, repeats ignored), then listed with filters, zipped and deleted through the API with the
 * permission, scope and audit rules of every other record.
 */
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, MediaListPage } from '../../protocol/media.ts';
import { MEDIA_API } from '../../protocol/media.ts';
import { registerMediaFile } from '../../server/media/registerMediaFile.ts';
import { readUploadCallback } from '../../server/media/uploadCallback.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { withPhotoExif } from '../../server/sim/camera/photoExif.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);

/** A small JPEG with EXIF GPS, as a camera writes it. */
async function photo(lat: number, lon: number): Promise<Uint8Array> {
  const jpeg = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 40, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  return withPhotoExif(new Uint8Array(jpeg), {
    lat,
    lon,
    altitude: 90,
    yaw: 45,
    time: T0,
    make: 'DJI',
    model: 'M3D',
  });
}

function callback(key: string, extra: { lat?: number; lng?: number; time?: string } = {}) {
  return {
    result: 0,
    file: {
      object_key: key,
      name: key.split('/').at(-1),
      ext: { flight_id: 'no-such-flight', drone_model_key: '0-91-0', payload_model_key: '1-80-0' },
      metadata: {
        gimbal_yaw_degree: -12.5,
        absolute_altitude: 95.2,
        relative_altitude: 60.1,
        create_time: extra.time ?? '2026-06-01 08:00:00',
        ...(extra.lat === undefined ? {} : { shoot_position: { lat: extra.lat, lng: extra.lng } }),
      },
    },
  };
}

describe.each(backends)('media library on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const fleet = buildFleet({ drones: 2, seed: 3, center: DEFAULT_CENTER, prefix: 'ML' });
  const otherFleet = buildFleet({ drones: 1, seed: 4, center: DEFAULT_CENTER, prefix: 'MO' });
  const dockA = fleet[0]?.dock.sn ?? '';
  const dockB = fleet[1]?.dock.sn ?? '';
  const dockOther = otherFleet[0]?.dock.sn ?? '';
  const ids: Record<string, number> = {};

  async function upload(dock: string, name: string, data: ReturnType<typeof callback>) {
    const deps = { db: server.handle.db, storage: server.handle.deps.storage, log: silentLog };
    const file = readUploadCallback(data);
    if (!file) throw new Error('unreadable callback');
    return registerMediaFile(deps, dock, file).then((id) => {
      if (id !== null) ids[name] = id;
      return id;
    });
  }
  const list = (query: Record<string, string | number>, token = s.viewer) =>
    server.call<MediaListPage>('GET', MEDIA_API.list, { token, query });

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
    await registerSimFleet(server.handle.db, s.home, fleet, 'k');
    await registerSimFleet(server.handle.db, s.other, otherFleet, 'k');
    const storage = server.handle.deps.storage;
    const put = async (key: string, lat: number, lon: number) =>
      storage.put(key, await photo(lat, lon), 'image/jpeg');
    await put(`media/${dockA}/f1/DJI_A1.jpeg`, 22.5, 113.9);
    await put(`media/${dockA}/f1/DJI_A2.jpeg`, 22.51, 113.91);
    await put(`media/${dockB}/f2/DJI_B1.jpeg`, 22.6, 114.0);
    await storage.put(`media/${dockB}/f2/DJI_B2.mp4`, new Uint8Array([0, 0, 0, 32]), 'video/mp4');
    await put(`media/${dockOther}/f3/DJI_O1.jpeg`, 22.7, 114.1);
  });
  afterAll(() => server.close());

  it('registers a callback once, with a thumbnail and the callback position', async () => {
    const data = callback(`media/${dockA}/f1/DJI_A1.jpeg`, { lat: 22.5001, lng: 113.9001 });
    expect(await upload(dockA, 'a1', data)).toEqual(expect.any(Number));
    expect(await upload(dockA, 'a1-again', data)).toBeNull();
    const rows = await server.handle.db.query<{ n: number }>(
      'select count(*)::int as n from media_files',
    );
    expect(rows[0]?.n).toBe(1);
    const [file] = (await list({ workspace_id: s.home })).body.data.rows;
    expect(file).toMatchObject({
      name: 'DJI_A1.jpeg',
      kind: 'photo',
      device_sn: fleet[0]?.aircraft.sn,
      payload: '1-80-0',
      lat: 22.5001,
      lon: 113.9001,
      absolute_altitude: 95.2,
      relative_altitude: 60.1,
      gimbal_yaw: -12.5,
      width: 640,
      height: 360,
      shot_at: T0,
      task_id: null,
    });
    const thumb = await fetch(new URL(file?.thumb_url ?? '', server.url));
    expect(thumb.status).toBe(200);
    const meta = await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
  });

  it('falls back to EXIF for a callback without a position', async () => {
    await upload(dockA, 'a2', callback(`media/${dockA}/f1/DJI_A2.jpeg`, { time: '' }));
    const found = (await list({ workspace_id: s.home, keyword: 'A2' })).body.data.rows[0];
    expect(found?.lat).toBeCloseTo(22.51, 4);
    expect(found?.lon).toBeCloseTo(113.91, 4);
    expect(found?.shot_at).toBe(T0);
  });

  it('filters by device, kind, time and keyword, newest first, paged', async () => {
    await upload(
      dockB,
      'b1',
      callback(`media/${dockB}/f2/DJI_B1.jpeg`, { time: '2026-06-02 08:00:00' }),
    );
    await upload(
      dockB,
      'b2',
      callback(`media/${dockB}/f2/DJI_B2.mp4`, { time: '2026-06-03 08:00:00' }),
    );
    await upload(dockOther, 'o1', callback(`media/${dockOther}/f3/DJI_O1.jpeg`));
    const names = (page: MediaFile[]) => page.map((f) => f.name);
    const all = (await list({ workspace_id: s.home })).body.data;
    expect(all.total).toBe(4);
    expect(names(all.rows)).toEqual(['DJI_B2.mp4', 'DJI_B1.jpeg', 'DJI_A2.jpeg', 'DJI_A1.jpeg']);
    const byDevice = (await list({ workspace_id: s.home, device_sn: fleet[1]?.aircraft.sn ?? '' }))
      .body.data;
    expect(names(byDevice.rows)).toEqual(['DJI_B2.mp4', 'DJI_B1.jpeg']);
    expect((await list({ workspace_id: s.home, kind: 'video' })).body.data.rows[0]).toMatchObject({
      name: 'DJI_B2.mp4',
      kind: 'video',
      thumb_url: expect.any(String) as string,
    });
    const day2 = Date.UTC(2026, 5, 2);
    const ranged = await list({ workspace_id: s.home, begin: day2, end: day2 + 86_399_999 });
    expect(names(ranged.body.data.rows)).toEqual(['DJI_B1.jpeg']);
    const paged = await list({ workspace_id: s.home, current: 2, size: 3 });
    expect(paged.body.data).toMatchObject({ total: 4, rows: [{ name: 'DJI_A1.jpeg' }] });
    expect((await list({ workspace_id: s.other })).status).toBe(404);
    expect((await list({ workspace_id: s.other }, s.admin)).body.data.total).toBe(1);
  });

  it('serves files through signed links only', async () => {
    const file = (await list({ workspace_id: s.home, keyword: 'B1' })).body.data.rows[0];
    const url = new URL(file?.file_url ?? '', server.url);
    url.searchParams.set('download', '1');
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    url.searchParams.set('sig', '0'.repeat(64));
    expect((await fetch(url)).status).toBe(403);
  });

  it('zips the chosen files with their exact bytes', async () => {
    const chosen = [ids.a1 ?? 0, ids.b2 ?? 0];
    const response = await fetch(new URL(MEDIA_API.zip, server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${s.viewer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workspace_id: s.home, ids: chosen }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const storage = server.handle.deps.storage;
    const a1 = await storage.get(`media/${dockA}/f1/DJI_A1.jpeg`);
    const b2 = await storage.get(`media/${dockB}/f2/DJI_B2.mp4`);
    expect(Number(response.headers.get('x-total-bytes'))).toBe(
      (a1?.info.size ?? 0) + (b2?.info.size ?? 0),
    );
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['DJI_A1.jpeg', 'DJI_B2.mp4']);
    expect(files['DJI_A1.jpeg']).toEqual(a1?.body);
    expect(files['DJI_B2.mp4']).toEqual(b2?.body);
    const foreign = await server.call('POST', MEDIA_API.zip, {
      token: s.viewer,
      body: { workspace_id: s.home, ids: [ids.o1 ?? 0] },
    });
    expect(foreign.status).toBe(404);
  });

  it('deletes with media:del, audited per file; viewers are refused, other workspaces are 404', async () => {
    const body = { workspace_id: s.home, ids: [ids.a2 ?? 0, ids.b1 ?? 0] };
    const refused = await server.call('POST', MEDIA_API.del, { token: s.viewer, body });
    expect(refused.status).toBe(403);
    const across = await server.call('POST', MEDIA_API.del, {
      token: s.operator,
      body: { workspace_id: s.home, ids: [ids.o1 ?? 0] },
    });
    expect(across.status).toBe(404);
    const done = await server.call('POST', MEDIA_API.del, { token: s.operator, body });
    expect(done.status).toBe(200);
    expect((await list({ workspace_id: s.home })).body.data.total).toBe(2);
    expect(await server.handle.deps.storage.head(`media/${dockB}/f2/DJI_B1.jpeg`)).toBeUndefined();
    const audits = await server.handle.db.query<{ target_name: string; result: string }>(
      `select target_name, result from audit_logs where module = 'media' and action = 'del'
       order by id`,
    );
    expect(audits.filter((a) => a.result === 'success').map((a) => a.target_name)).toEqual([
      'DJI_A2.jpeg',
      'DJI_B1.jpeg',
    ]);
    expect(audits.filter((a) => a.result === 'failure').length).toBeGreaterThanOrEqual(2);
  });
});

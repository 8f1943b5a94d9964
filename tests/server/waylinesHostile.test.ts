/**
 * Hostile KMZ uploads: XML built to make the parser fetch files, expand entities, recurse until its
 * stack runs out, or build a tree of millions of elements from a small archive, and archives that
 * inflate past what they declare. Each is refused with a 400 naming the problem, nothing is stored,
 * the server's memory stays bounded (the test server runs in this process, and its KMZ reading
 * thread too) and it goes on answering.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Envelope, Page } from '../../protocol/http.ts';
import { WAYLINE_API, type Wayline } from '../../protocol/waylines.ts';
import { XML_LIMITS } from '../../server/waylines/xmlScan.ts';
import { fixtureFiles, zipFiles } from '../fixtures/wpml/kmz.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const MB = 1024 * 1024;
const WAYLINES = 'wpmz/waylines.wpml';
const TEMPLATE = 'wpmz/template.kml';
const files = fixtureFiles('waypoint-1.0.2');
const text = (path: string) => files[path] ?? '';

/** The fixture with `doctype` declared before the root element of `path`. */
function withDoctype(path: string, doctype: string, edit = (t: string) => t): Uint8Array {
  const xml = text(path).replace('?>', `?>\n${doctype}`);
  return zipFiles({ ...files, [path]: edit(xml) });
}

/**
 * The fixture with `parts` streamed into the first Folder of waylines.wpml: archives whose XML is
 * far larger than this process should hold at once are deflated piece by piece.
 */
function streamedKmz(parts: Iterable<string>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  const template = new ZipDeflate(TEMPLATE, { level: 6 });
  zip.add(template);
  template.push(strToU8(text(TEMPLATE)), true);
  const waylines = new ZipDeflate(WAYLINES, { level: 6 });
  zip.add(waylines);
  const [head = '', tail = ''] = text(WAYLINES).split('<Folder>');
  waylines.push(strToU8(`${head}<Folder>`));
  for (const part of parts) waylines.push(strToU8(part));
  waylines.push(strToU8(tail), true);
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** `count` strings of `unit` repeated `times` times. */
function* repeated(unit: string, times: number, count: number): Iterable<string> {
  const part = unit.repeat(times);
  for (let i = 0; i < count; i++) yield part;
}

// What is checked here does not depend on the database, so one back end is enough.
// No retry: memory a first try took stays with the process, and would let a second try pass.
describe.each(backends.slice(0, 1))('hostile KMZ uploads on $name', { retry: 0 }, (backend) => {
  const world = useSeededServer(backend);

  async function upload(bytes: Uint8Array, name: string) {
    const url = new URL(WAYLINE_API.upload, world.server.url);
    url.searchParams.set('workspace_id', String(world.s.home));
    url.searchParams.set('name', name);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.s.operator}`,
        'content-type': 'application/octet-stream',
        'accept-language': 'en',
      },
      body: bytes,
    });
    return { status: response.status, body: (await response.json()) as Envelope<Wayline | null> };
  }

  /** What the library holds: rows listed and files stored. */
  async function library() {
    const list = await world.server.call<Page<Wayline>>('GET', WAYLINE_API.list, {
      token: world.s.admin,
    });
    expect(list.status).toBe(200);
    return {
      rows: list.body.data.total,
      objects: (await world.server.handle.deps.storage.list('waylines/')).length,
    };
  }

  /**
   * Uploads `bytes`, sampling the process's resident memory while the server reads it (large files
   * are read on a thread of this process, so the event loop is free to sample), and answers how
   * much it grew at most and how much more heap is held once the answer is in.
   */
  async function measuredUpload(bytes: Uint8Array) {
    const rssBefore = process.memoryUsage.rss();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = rssBefore;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const timer = setInterval(sample, 5);
    try {
      const answer = await upload(bytes, 'hostile');
      sample();
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
      return { answer, rssGrowth: peak - rssBefore, heapGrowth };
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * Uploads `bytes` and expects a 400 with `msg`, nothing stored, the server answering after, at
   * most 200 MB more resident memory while it was read (the reading thread's start takes some 70)
   * and 100 MB more heap left behind.
   */
  async function refused(bytes: Uint8Array, msg: string | RegExp) {
    const before = await library();
    const { answer, rssGrowth, heapGrowth } = await measuredUpload(bytes);
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status: 400, code: 100 });
    if (typeof msg === 'string') expect(answer.body.msg).toBe(msg);
    else expect(answer.body.msg).toMatch(msg);
    expect(rssGrowth).toBeLessThan(200 * MB);
    expect(heapGrowth).toBeLessThan(100 * MB);
    expect(await library()).toEqual(before);
  }

  const doctype = `${WAYLINES} uses a DOCTYPE/entities, which are not allowed`;

  it('refuses an external entity, naming the DOCTYPE', async () => {
    const bytes = withDoctype(
      WAYLINES,
      '<!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      (t) => t.replace('<wpml:waylineId>0', '<wpml:waylineId>&x;0'),
    );
    await refused(bytes, doctype);
  });

  it('refuses a parameter entity, and a DOCTYPE in the template too', async () => {
    await refused(
      withDoctype(WAYLINES, '<!DOCTYPE kml [<!ENTITY % p SYSTEM "http://127.0.0.1/x.dtd"> %p;]>'),
      doctype,
    );
    await refused(
      withDoctype(TEMPLATE, '<!DOCTYPE kml SYSTEM "file:///etc/passwd">'),
      `${TEMPLATE} uses a DOCTYPE/entities, which are not allowed`,
    );
  });

  it('refuses a quadratic blow-up: one large entity referenced many times', async () => {
    // Expanded, 200 000 references to 5 000 characters would be a gigabyte of text.
    const bytes = withDoctype(WAYLINES, `<!DOCTYPE kml [<!ENTITY a "${'x'.repeat(5000)}">]>`, (t) =>
      t.replace('<Folder>', `<Folder><wpml:note>${'&a;'.repeat(200_000)}</wpml:note>`),
    );
    await refused(bytes, doctype);
  });

  it('refuses 100 000 nested levels, naming the depth limit', async () => {
    const bytes = streamedKmz([`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`]);
    await refused(bytes, `${WAYLINES}: XML nested deeper than ${String(XML_LIMITS.depth)} levels`);
  });

  it('refuses 32 million empty elements from a 128 KB archive, its memory bounded', async () => {
    // Read in full, this once took 40 s and 4 GB, and left 2.8 GB behind.
    const bytes = streamedKmz(repeated('<a/>', 1_000_000, 32));
    expect(bytes.length).toBeLessThan(256 * 1024);
    // It is refused within the first 16 MB inflated, not after all 128.
    await refused(bytes, `${WAYLINES}: more than ${String(XML_LIMITS.elements)} XML elements`);
  });

  it('refuses a million waypoints before building their tree', async () => {
    const placemark = '<Placemark><wpml:index>0</wpml:index></Placemark>';
    const bytes = streamedKmz(repeated(placemark, 100_000, 10));
    // The fixture's own three waypoints come on top of the million.
    await refused(bytes, '1000003 waypoints exceed the limit of 65535');
  });

  it('stops inflating an entry at the size it declared', async () => {
    // 64 MB of spaces behind the fixture, declared as the fixture's size alone: a zip bomb whose
    // central directory lies. Inflating stops at the declared size, and the file is corrupt.
    const bomb = streamedKmz(repeated(' ', 4 * MB, 16));
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    const declared = strToU8(text(WAYLINES)).length;
    for (let at = 0; at + 46 <= bomb.length; at++) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      const name = new TextDecoder().decode(
        bomb.subarray(at + 46, at + 46 + view.getUint16(at + 28, true)),
      );
      if (name === WAYLINES) view.setUint32(at + 24, declared, true);
    }
    await refused(bomb, `the archive is corrupt: ${WAYLINES}`);
  });
});

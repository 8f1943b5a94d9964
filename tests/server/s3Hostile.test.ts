/**
 * Hostile uploads to the embedded S3 endpoint. Whoever can reach the server can send it a PUT: one
 * that is not signed, signed wrongly, or too large must be refused from its headers, before the
 * server reads (let alone holds) its body; an admitted upload streams to disk, not to memory, and
 * only a few stream at once.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  S3_MAX_CONCURRENT_UPLOADS,
  S3_MAX_OBJECT_BYTES,
} from '../../server/http/media/s3Endpoint.ts';
import { EMBEDDED_BUCKET, storageConfigFor } from '../../server/media/storageConfigRequest.ts';
import { readStorageGrant } from '../../server/sim/media/simUpload.ts';
import type { StorageGrant } from '../../server/sim/media/simUpload.ts';
import { createDiskStore } from '../../server/storage/diskStore.ts';
import { createMemoryStore } from '../../server/storage/memoryStore.ts';
import { createS3Store } from '../../server/storage/s3Store.ts';
import { expectedSignature, UNSIGNED_PAYLOAD } from '../../server/storage/sigV4.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const DOCK = 'HOSTILEDOCK01';
const MB = 1024 * 1024;
const LARGE = 300 * MB;

interface Answer {
  status: number;
  text: string;
  /** Bytes of the body the client had produced when the answer arrived. */
  sent: number;
  /** Largest growth of this process's heap and buffers while the request ran, bytes. */
  grew: number;
}

/** Memory the server could hold a body in: the JS heap and the buffers outside it. */
const held = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};

/**
 * PUTs `total` bytes (or `sendOnly` of them, then waits) produced on demand by a Readable, and stops
 * producing as soon as the answer arrives, as an S3 client does. Without `content-length` in
 * `headers` the body goes chunked.
 */
function streamPut(
  url: URL,
  headers: Record<string, string>,
  total: number,
  sendOnly = total,
): { answer: Promise<Answer>; resume(): void; abort(): void } {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  let answered = false;
  let paused: (() => void) | null = null;
  const body = new Readable({
    read() {
      if (answered || sent >= total) {
        this.push(null);
        return;
      }
      const produce = () => {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
      };
      if (sent >= sendOnly && sendOnly < total) paused = produce;
      else produce();
    },
  });
  const baseline = held();
  let grew = 0;
  const sampler = setInterval(() => {
    grew = Math.max(grew, held() - baseline);
  }, 5);
  const req = httpRequest(url, { method: 'PUT', headers, agent: false });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const atAnswer = sent;
      body.unpipe(req);
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        clearInterval(sampler);
        grew = Math.max(grew, held() - baseline);
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          text: Buffer.concat(parts).toString(),
          sent: atAnswer,
          grew,
        });
      });
    });
    req.on('error', (error) => {
      clearInterval(sampler);
      if (!answered) reject(error);
    });
    body.pipe(req);
  });
  return {
    answer,
    abort: () => req.destroy(),
    resume: () => {
      sendOnly = total;
      const next = paused;
      paused = null;
      next?.();
    },
  };
}

describe('hostile uploads to the embedded S3 endpoint', () => {
  let server: TestServer;
  let grant: StorageGrant;
  const objectPath = (name: string) => `/s3/${EMBEDDED_BUCKET}/media/${DOCK}/${name}`;
  const url = (path: string) => new URL(path, server.url);

  /** Headers of a SigV4-signed PUT of `path`, signed with `secret` (the grant's own by default). */
  function signed(
    path: string,
    length: number | null,
    payload: string,
    secret = grant.credentials.access_key_secret,
  ): Record<string, string> {
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const date = amzDate.slice(0, 8);
    const headers: Record<string, string> = {
      host: new URL(server.url).host,
      'x-amz-content-sha256': payload,
      'x-amz-date': amzDate,
      'x-amz-security-token': grant.credentials.security_token ?? '',
    };
    const names = Object.keys(headers).sort();
    const signature = expectedSignature(
      { method: 'PUT', rawPath: path, rawQuery: '', headers, payloadHash: payload },
      { date, region: grant.region, signedHeaders: names, amzDate },
      secret,
    );
    const credential = `${grant.credentials.access_key_id}/${date}/${grant.region}/s3/aws4_request`;
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${credential}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    if (length !== null) headers['content-length'] = String(length);
    return headers;
  }

  const stored = (name: string) => server.handle.deps.storage.head(`media/${DOCK}/${name}`);

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite);
    const output = storageConfigFor(
      {
        tokenSecret: server.handle.deps.tokenSecret,
        baseUrl: () => server.url,
        region: 'us-east-1',
        now: () => Date.now(),
      },
      DOCK,
    );
    const read = readStorageGrant(output);
    if (!read) throw new Error('incomplete grant');
    grant = read;
  });
  afterAll(() => server.close());

  it('refuses an anonymous 300 MB PUT from its headers, without reading or holding the body', async () => {
    const { answer } = streamPut(
      url(objectPath('anonymous.bin')),
      { 'content-length': String(LARGE) },
      LARGE,
    );
    const refused = await answer;
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<Code>AccessDenied</Code>');
    expect(refused.sent).toBeLessThan(LARGE / 10);
    expect(refused.grew).toBeLessThan(100 * MB);
    expect(await stored('anonymous.bin')).toBeUndefined();
  });

  it('refuses a wrongly signed 300 MB PUT before reading it, and stores nothing', async () => {
    const path = objectPath('forged.bin');
    const headers = signed(path, LARGE, UNSIGNED_PAYLOAD, 'not-the-secret');
    const refused = await streamPut(url(path), headers, LARGE).answer;
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(refused.sent).toBeLessThan(LARGE / 10);
    expect(refused.grew).toBeLessThan(100 * MB);
    expect(await stored('forged.bin')).toBeUndefined();
  });

  it('refuses a declared length over the limit, and a body without a length, before reading', async () => {
    const path = objectPath('huge.bin');
    const huge = S3_MAX_OBJECT_BYTES + 1;
    const tooLarge = await streamPut(url(path), signed(path, huge, UNSIGNED_PAYLOAD), huge).answer;
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toContain('<Code>EntityTooLarge</Code>');
    expect(tooLarge.sent).toBeLessThan(LARGE / 10);
    const chunked = await streamPut(url(path), signed(path, null, UNSIGNED_PAYLOAD), LARGE).answer;
    expect(chunked.status).toBe(411);
    expect(chunked.text).toContain('<Code>MissingContentLength</Code>');
    expect(chunked.sent).toBeLessThan(LARGE / 10);
    expect(await stored('huge.bin')).toBeUndefined();
  });

  it('refuses a body that is not the one the signature promised, and stores nothing', async () => {
    const path = objectPath('swapped.bin');
    const promised = createHash('sha256').update('other bytes').digest('hex');
    const swapped = await streamPut(url(path), signed(path, 4 * MB, promised), 4 * MB).answer;
    expect(swapped.status).toBe(400);
    expect(swapped.text).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    const missing = { ...signed(path, 16, UNSIGNED_PAYLOAD) };
    delete missing['x-amz-content-sha256'];
    const unsignedHash = await streamPut(url(path), missing, 16).answer;
    expect(unsignedHash.status).toBe(400);
    expect(unsignedHash.text).toContain('x-amz-content-sha256');
    const badMd5 = {
      ...signed(path, 16, UNSIGNED_PAYLOAD),
      'content-md5': 'AAAAAAAAAAAAAAAAAAAAAA==',
    };
    const digest = await streamPut(url(path), badMd5, 16).answer;
    expect(digest.text).toContain('<Code>BadDigest</Code>');
    expect(await stored('swapped.bin')).toBeUndefined();
  });

  it('stores a correctly signed streamed upload, hash declared or unsigned', async () => {
    const bytes = Buffer.alloc(2 * MB, 0x61);
    const sha = createHash('sha256').update(bytes).digest('hex');
    for (const [name, payload] of [
      ['declared.bin', sha],
      ['unsigned.bin', UNSIGNED_PAYLOAD],
    ]) {
      const path = objectPath(name ?? '');
      const put = await streamPut(
        url(path),
        signed(path, bytes.length, payload ?? ''),
        bytes.length,
      ).answer;
      expect(put.status).toBe(200);
      expect(await stored(name ?? '')).toMatchObject({
        size: bytes.length,
        md5: createHash('md5').update(bytes).digest('hex'),
      });
    }
  });

  it(`streams at most ${String(S3_MAX_CONCURRENT_UPLOADS)} uploads at once and answers SlowDown past that`, async () => {
    const size = 256 * 1024;
    const slow = Array.from({ length: S3_MAX_CONCURRENT_UPLOADS }, (_, i) => {
      const path = objectPath(`slow-${String(i)}.bin`);
      return streamPut(url(path), signed(path, size, UNSIGNED_PAYLOAD), size, 64 * 1024);
    });
    // The slow uploads are admitted as their headers arrive; until all of them hold a slot, a
    // further upload is still admitted (and stored), after that it must hear SlowDown.
    const path = objectPath('one-too-many.bin');
    let extra: Answer | undefined;
    await vi.waitFor(async () => {
      extra = await streamPut(url(path), signed(path, 16, UNSIGNED_PAYLOAD), 16).answer;
      expect(extra.status).toBe(503);
    });
    expect(extra?.text).toContain('<Code>SlowDown</Code>');
    for (const upload of slow) upload.resume();
    const done = await Promise.all(slow.map((upload) => upload.answer));
    expect(done.map((d) => d.status)).toEqual(done.map(() => 200));
    const again = await streamPut(url(path), signed(path, size, UNSIGNED_PAYLOAD), size).answer;
    expect(again.status).toBe(200);
  });
  it('stores nothing from an upload cut off half-way, and frees its file and its slot', async () => {
    const spooled = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith('skydeck-upload-'));
    const before = await spooled();
    const size = 256 * 1024;
    const cut = Array.from({ length: S3_MAX_CONCURRENT_UPLOADS }, (_, i) => {
      const path = objectPath(`cut-${String(i)}.bin`);
      return streamPut(url(path), signed(path, size, UNSIGNED_PAYLOAD), size, 64 * 1024);
    });
    const path = objectPath('after-cut.bin');
    const put = () => streamPut(url(path), signed(path, 16, UNSIGNED_PAYLOAD), 16).answer;
    await vi.waitFor(async () => expect((await put()).status).toBe(503));
    // The files the cut uploads are spooling to (the server names them; these are the new ones).
    const theirs = await vi.waitFor(async () => {
      const fresh = (await spooled()).filter((name) => !before.includes(name));
      expect(fresh.length).toBeGreaterThanOrEqual(S3_MAX_CONCURRENT_UPLOADS);
      return fresh;
    });
    for (const upload of cut) {
      upload.answer.catch(() => undefined);
      upload.abort();
    }
    await vi.waitFor(async () => expect((await put()).status).toBe(200));
    for (const i of cut.keys()) expect(await stored(`cut-${String(i)}.bin`)).toBeUndefined();
    await vi.waitFor(async () =>
      expect((await spooled()).filter((name) => theirs.includes(name))).toEqual([]),
    );
  });
});

describe('storing a spooled file', () => {
  it('puts a file into the disk and memory stores with its size and MD5', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'skydeck-putfile-'));
    try {
      const file = join(dir, 'upload.part');
      const bytes = Buffer.from('spooled upload bytes');
      await writeFile(file, bytes);
      const md5 = createHash('md5').update(bytes).digest('hex');
      for (const store of [createDiskStore(join(dir, 'media')), createMemoryStore()]) {
        const info = await store.putFile('media/D/a.bin', file, 'application/x-test');
        expect(info).toMatchObject({ size: bytes.length, md5, contentType: 'application/x-test' });
        expect(Buffer.from((await store.get('media/D/a.bin'))?.body ?? [])).toEqual(bytes);
        await expect(store.putFile('../escape', file, 'text/plain')).rejects.toThrow();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the S3 back end streaming a file through the embedded endpoint', () => {
  let server: TestServer;
  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite);
  });
  afterAll(() => server.close());

  it('uploads the file as a stream (payload unsigned) and reads it back', async () => {
    const output = storageConfigFor(
      {
        tokenSecret: server.handle.deps.tokenSecret,
        baseUrl: () => server.url,
        region: 'us-east-1',
        now: () => Date.now(),
      },
      DOCK,
    );
    const grant = readStorageGrant(output);
    if (!grant) throw new Error('incomplete grant');
    const store = createS3Store({
      endpoint: grant.endpoint,
      bucket: grant.bucket,
      region: grant.region,
      accessKey: grant.credentials.access_key_id,
      secretKey: grant.credentials.access_key_secret,
      sessionToken: grant.credentials.security_token,
    });
    const dir = await mkdtemp(join(tmpdir(), 'skydeck-putfile-'));
    try {
      const file = join(dir, 'video.part');
      const bytes = Buffer.alloc(3 * MB + 17, 0x5a);
      await writeFile(file, bytes);
      const key = `media/${DOCK}/video.mp4`;
      const info = await store.putFile(key, file, 'video/mp4');
      expect(info.md5).toBe(createHash('md5').update(bytes).digest('hex'));
      const back = await server.handle.deps.storage.get(key);
      expect(back?.info).toMatchObject({ size: bytes.length, contentType: 'video/mp4' });
      expect(Buffer.from(back?.body ?? []).equals(bytes)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

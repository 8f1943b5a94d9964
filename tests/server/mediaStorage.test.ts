/**
 * The docks' upload path: `storage_config_get` answers STS-style credentials for our own
 * S3-compatible endpoint, and a real S3 client (the AWS SDK, real HTTP, real SigV4) can upload with
 * them inside the dock's prefix only, and only until they expire.
 */
import { PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { createRequestRegistry } from '../../server/mqtt/requestRegistry.ts';
import {
  EMBEDDED_BUCKET,
  registerStorageConfigRequest,
  storageConfigFor,
} from '../../server/media/storageConfigRequest.ts';
import { createS3Store, s3Client } from '../../server/storage/s3Store.ts';
import { readStorageGrant, s3Upload } from '../../server/sim/media/simUpload.ts';
import type { StorageGrant } from '../../server/sim/media/simUpload.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const DOCK = 'MSDOCK000001';
const HOUR_MS = 3_600_000;

describe('dock uploads through the embedded S3 endpoint', () => {
  let server: TestServer;
  const grantAt = (nowMs: number, dock = DOCK): StorageGrant => {
    const output = storageConfigFor(
      {
        tokenSecret: server.handle.deps.tokenSecret,
        baseUrl: () => server.url,
        region: 'us-east-1',
        now: () => nowMs,
      },
      dock,
    );
    const grant = readStorageGrant(output);
    if (!grant) throw new Error('incomplete grant');
    return grant;
  };
  /** The S3 error code of a refused upload, or 'ok'. */
  async function put(grant: StorageGrant, key: string, body = new Uint8Array([1, 2, 3])) {
    try {
      await s3Upload(grant, key, body, 'image/jpeg');
      return 'ok';
    } catch (error) {
      if (error instanceof S3ServiceException) return error.name;
      throw error;
    }
  }

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite);
  });
  afterAll(() => server.close());

  it('answers storage_config_get with bucket, credentials, endpoint, prefix, provider and region', async () => {
    const requests = createRequestRegistry(silentLog);
    registerStorageConfigRequest(requests, {
      tokenSecret: 'x'.repeat(40),
      baseUrl: () => 'http://docks.example:8080',
      region: 'us-east-1',
      now: () => Date.UTC(2026, 0, 1),
    });
    const msg = { tid: 't', bid: 'b', timestamp: 1, gateway: DOCK, method: 'storage_config_get' };
    const reply = await requests.answer(DOCK, { ...msg, needReply: false, data: { module: 0 } }, 2);
    expect(reply.data.result).toBe(0);
    expect(reply.data.output).toMatchObject({
      bucket: EMBEDDED_BUCKET,
      endpoint: 'http://docks.example:8080/s3',
      object_key_prefix: `media/${DOCK}`,
      provider: 'minio',
      region: 'us-east-1',
      credentials: {
        access_key_id: expect.stringContaining(DOCK) as string,
        access_key_secret: expect.any(String) as string,
        security_token: expect.any(String) as string,
        expire: 3600,
      },
    });
  });

  it('accepts a signed upload inside the dock prefix and stores the bytes', async () => {
    const body = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7]);
    const key = `media/${DOCK}/flight-1/DJI_0001.jpeg`;
    expect(await put(grantAt(Date.now()), key, body)).toBe('ok');
    const stored = await server.handle.deps.storage.get(key);
    expect(stored?.body).toEqual(body);
    expect(stored?.info.contentType).toBe('image/jpeg');
  });

  it('refuses keys outside the prefix, expired credentials and bad signatures', async () => {
    const grant = grantAt(Date.now());
    expect(await put(grant, 'media/OTHERDOCK/x.jpeg')).toBe('AccessDenied');
    expect(await put(grant, 'waylines/1/x.kmz')).toBe('AccessDenied');
    expect(await put(grantAt(Date.now() - 2 * HOUR_MS), `media/${DOCK}/late.jpeg`)).toBe(
      'ExpiredToken',
    );
    const forged = {
      ...grant,
      credentials: { ...grant.credentials, access_key_secret: 'not-the-secret' },
    };
    expect(await put(forged, `media/${DOCK}/forged.jpeg`)).toBe('SignatureDoesNotMatch');
    const unknown = { ...grant, credentials: { ...grant.credentials, access_key_id: 'AKIAFAKE' } };
    expect(await put(unknown, `media/${DOCK}/unknown.jpeg`)).toBe('InvalidAccessKeyId');
    const noToken = {
      ...grant,
      credentials: { ...grant.credentials, security_token: undefined },
    };
    expect(await put(noToken, `media/${DOCK}/token.jpeg`)).toBe('InvalidToken');
    expect(await server.handle.deps.storage.list(`media/`)).toEqual([
      expect.objectContaining({ key: `media/${DOCK}/flight-1/DJI_0001.jpeg` }),
    ]);
  });

  it('answers refusals as S3 XML errors', async () => {
    const response = await fetch(
      new URL(`/s3/${EMBEDDED_BUCKET}/media/${DOCK}/a.jpeg`, server.url),
      {
        method: 'PUT',
        body: 'x',
      },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/xml');
    expect(await response.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('lets the S3 back end client upload with a session token', async () => {
    const grant = grantAt(Date.now());
    const client = s3Client(
      {
        endpoint: grant.endpoint,
        region: grant.region,
        accessKey: grant.credentials.access_key_id,
        secretKey: grant.credentials.access_key_secret,
      },
      grant.credentials.security_token,
    );
    const answer = await client.send(
      new PutObjectCommand({
        Bucket: EMBEDDED_BUCKET,
        Key: `media/${DOCK}/sdk.bin`,
        Body: new TextEncoder().encode('hello'),
      }),
    );
    client.destroy();
    expect(answer.ETag).toBe('"5d41402abc4b2a76b9719d911017c592"');
  });
  it('serves the S3 back end (put, head, get, list, delete) within the dock prefix', async () => {
    const grant = grantAt(Date.now());
    const store = createS3Store({
      endpoint: grant.endpoint,
      bucket: grant.bucket,
      region: grant.region,
      accessKey: grant.credentials.access_key_id,
      secretKey: grant.credentials.access_key_secret,
      sessionToken: grant.credentials.security_token,
    });
    const key = `media/${DOCK}/store/a.txt`;
    const body = new TextEncoder().encode('back end through our own endpoint');
    const put = await store.put(key, body, 'text/plain');
    expect(await store.head(key)).toMatchObject({ key, size: body.length, md5: put.md5 });
    expect((await store.get(key))?.body).toEqual(body);
    expect((await store.list(`media/${DOCK}/store/`)).map((i) => i.key)).toEqual([key]);
    await store.delete(key);
    expect(await store.head(key)).toBeUndefined();
    expect(await store.get(key)).toBeUndefined();
    await expect(store.put('media/OTHER/a.txt', body, 'text/plain')).rejects.toThrow();
    await expect(store.list('media/')).rejects.toThrow();
  });
});

describe('S3 settings', () => {
  const s3 = {
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'skydeck',
    S3_ACCESS_KEY: 'key',
    S3_SECRET_KEY: 'secret',
  };

  it('uses the embedded store unless all four are set; the region defaults to us-east-1', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'skydeck',
      accessKey: 'key',
      secretKey: 'secret',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...s3, S3_REGION: 'cn-north-1' }).s3?.region).toBe('cn-north-1');
  });

  it('names the missing or bad variable', () => {
    expect(() => loadConfig({ ...s3, S3_SECRET_KEY: '' })).toThrow(/^S3_SECRET_KEY: /);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/^S3_BUCKET: /);
  });
});

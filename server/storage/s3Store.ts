import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { md5Hex, md5OfFile } from './md5.ts';
import type { ObjectInfo, ObjectStore } from './ObjectStore.ts';
import { checkKey, checkPrefix } from './ObjectStore.ts';
import type { S3Config } from './s3Config.ts';

/** The S3 client for `config`: path-style, since MinIO and most self-hosted stores need it. */
export function s3Client(
  config: Pick<S3Config, 'endpoint' | 'region' | 'accessKey' | 'secretKey'>,
  sessionToken?: string,
): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKey, secretAccessKey: config.secretKey, sessionToken },
    // Checksums only where S3 demands them: older MinIO and our own endpoint know no CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** Our MD5 rides along as metadata: a multipart ETag is not an MD5, the metadata always is. */
const MD5_META = 'skydeck-md5';

/** An object store in an S3 bucket (MinIO, AWS, …). */
export function createS3Store(config: S3Config): ObjectStore {
  const client = s3Client(config, config.sessionToken);
  const Bucket = config.bucket;

  async function head(key: string): Promise<ObjectInfo | undefined> {
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        md5: answer.Metadata?.[MD5_META] ?? (answer.ETag ?? '').replace(/"/g, ''),
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const md5 = md5Hex(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          Metadata: { [MD5_META]: md5 },
        }),
      );
      return { key, size: body.length, contentType, md5, lastModified: new Date() };
    },
    async putFile(key, path, contentType) {
      const [md5, { size }] = await Promise.all([md5OfFile(path), stat(path)]);
      // A stream with its length: the SDK sends it as it reads it (the payload unsigned, as a
      // stream cannot be hashed up front), so the file is never held in memory.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: contentType,
          Metadata: { [MD5_META]: md5 },
        }),
      );
      return { key, size, contentType, md5, lastModified: new Date() };
    },
    async get(key) {
      const info = await head(key);
      if (!info) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
        return { info, body };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    head,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async list(prefix) {
      const infos: ObjectInfo[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: checkPrefix(prefix),
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [c.Key] : []));
        // HEAD per key: the listing has no content type and no MD5 of ours.
        for (const info of await Promise.all(keys.map(head))) if (info) infos.push(info);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return infos.sort((a, b) => a.key.localeCompare(b.key));
    },
  };
}

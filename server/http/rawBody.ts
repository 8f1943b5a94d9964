import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ZodApp } from './context.ts';

/**
 * Lets the routes of `scoped` (one plugin scope, so no other route is affected) take `contentType`
 * bodies as one Buffer of at most `bodyLimit` bytes. Uploads send raw bytes: multipart needs a plugin
 * this server does not carry, and one file per request is what per-file progress wants anyway.
 */
export function acceptRawBody(scoped: ZodApp, contentType: string, bodyLimit: number): void {
  scoped.addContentTypeParser(
    contentType,
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
}

/**
 * Lets the routes of `scoped` take `contentType` bodies unread: the handler gets the request stream
 * and reads it itself (with `spoolBody`), after its hooks have decided the request may send one.
 */
export function acceptStreamBody(scoped: ZodApp, contentType: string): void {
  scoped.addContentTypeParser(contentType, (_request, payload, done) => {
    done(null, payload);
  });
}

/** A body that went over the limit while it was read. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`body larger than ${String(limit)} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** A request body written to a private temporary file, with what was learnt while writing it. */
export interface SpooledBody {
  path: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** Base64 MD5 of the bytes, as `Content-MD5` carries it. */
  md5Base64: string;
  /** Removes the file; safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Streams `body` into a temporary file, hashing it on the way, and gives up with
 * `BodyTooLargeError` past `maxBytes`. Memory stays at a few chunks whatever the body's size; the
 * file is removed again when reading fails.
 */
export async function spoolBody(body: Readable, maxBytes: number): Promise<SpooledBody> {
  const path = join(tmpdir(), `skydeck-upload-${randomBytes(12).toString('hex')}.part`);
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      size += chunk.length;
      if (size > maxBytes) {
        next(new BodyTooLargeError(maxBytes));
        return;
      }
      sha256.update(chunk);
      md5.update(chunk);
      next(null, chunk);
    },
  });
  const remove = () => rm(path, { force: true });
  try {
    // `wx`: the name is fresh and random, and must not be a file someone placed there.
    await pipeline(body, meter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, size, sha256: sha256.digest('hex'), md5Base64: md5.digest('base64'), remove };
}

/**
 * The one storage interface of the server, shaped on the S3 API so that an S3 (MinIO, OSS) back end
 * fits behind it unchanged: objects by key, with content type, size and an MD5 ETag.
 */

/** What `HeadObject` answers. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** Hex MD5 of the bytes (S3's ETag of a single-part upload). */
  md5: string;
  lastModified: Date;
}

export interface StoredObject {
  info: ObjectInfo;
  body: Uint8Array;
}

export interface ObjectStore {
  readonly kind: 'disk' | 'memory' | 's3';
  /** `PutObject`: stores the bytes under `key`, replacing any object there, all or nothing. */
  put(key: string, body: Uint8Array, contentType: string): Promise<ObjectInfo>;
  /**
   * `PutObject` of a local file's bytes, read as a stream: an upload spooled to disk reaches the
   * store without ever being held in memory whole (the memory store, for tests, holds it anyway).
   */
  putFile(key: string, path: string, contentType: string): Promise<ObjectInfo>;
  /** `GetObject`, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** `HeadObject`, or undefined when there is none. */
  head(key: string): Promise<ObjectInfo | undefined>;
  /** `DeleteObject`: removing a missing key is not an error, as in S3. */
  delete(key: string): Promise<void>;
  /** `ListObjectsV2` under a prefix (`waylines/12/`), by key. */
  list(prefix: string): Promise<ObjectInfo[]>;
}

/** Longest key accepted, characters (S3 allows 1024 bytes). */
const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key that could escape the store's root or is not portable to S3 and disk alike. */
export class BadKeyError extends Error {
  constructor(key: string) {
    super(`bad object key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'BadKeyError';
  }
}

/**
 * Checks an object key: `/`-separated segments of letters, digits, `.`, `_`, `-`, none starting with
 * a dot (so no `..`, no hidden files), no leading slash. Keys are made by the server, never typed.
 */
export function checkKey(key: string): string {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new BadKeyError(key);
  if (!key.split('/').every((segment) => SEGMENT.test(segment))) throw new BadKeyError(key);
  return key;
}

/** A prefix is a key with an optional trailing slash, or empty for everything. */
export function checkPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  checkKey(prefix.replace(/\/$/, ''));
  return prefix;
}

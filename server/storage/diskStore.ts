import { randomBytes } from 'node:crypto';
import {
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { md5Hex, md5OfFile } from './md5.ts';
import type { ObjectInfo, ObjectStore } from './ObjectStore.ts';
import { checkKey, checkPrefix } from './ObjectStore.ts';

/** What S3 keeps beside an object's bytes; on disk a JSON file per object under `meta/`. */
interface Meta {
  contentType: string;
  md5: string;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * Writes through a temporary file and a rename, so a reader sees the old bytes or the new, never
 * half. `data` is the bytes, or a local file to copy (by the kernel, never through memory).
 */
async function writeAtomically(path: string, data: Uint8Array | string | { file: string }) {
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  try {
    if (typeof data === 'object' && 'file' in data) {
      await copyFile(data.file, temporary);
      // A copy is not on the disk until it is synced; the rename must not publish unsynced bytes.
      const handle = await open(temporary, 'r+');
      await handle.sync().finally(() => handle.close());
    } else await writeFile(temporary, data, { flush: true });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function walk(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map(async (e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * The embedded object store: objects under `<root>/objects/<key>`, their content type and MD5 under
 * `<root>/meta/<key>.json`. Keys are checked, so nothing can be read or written outside `root`.
 */
export function createDiskStore(root: string): ObjectStore {
  const objectPath = (key: string) => join(root, 'objects', ...checkKey(key).split('/'));
  const metaPath = (key: string) => `${join(root, 'meta', ...checkKey(key).split('/'))}.json`;

  async function head(key: string): Promise<ObjectInfo | undefined> {
    try {
      const [stats, metaText] = await Promise.all([
        stat(objectPath(key)),
        readFile(metaPath(key), 'utf8'),
      ]);
      const meta = JSON.parse(metaText) as Meta;
      return { key, size: stats.size, ...meta, lastModified: stats.mtime };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  return {
    kind: 'disk',
    async put(key, body, contentType) {
      const meta: Meta = { contentType, md5: md5Hex(body) };
      // Bytes first, then the metadata that makes the object visible to `head` and `get`.
      await writeAtomically(objectPath(key), body);
      await writeAtomically(metaPath(key), JSON.stringify(meta));
      return { key, size: body.length, ...meta, lastModified: new Date() };
    },
    async putFile(key, path, contentType) {
      const meta: Meta = { contentType, md5: await md5OfFile(path) };
      const { size } = await stat(path);
      await writeAtomically(objectPath(key), { file: path });
      await writeAtomically(metaPath(key), JSON.stringify(meta));
      return { key, size, ...meta, lastModified: new Date() };
    },
    async get(key) {
      const info = await head(key);
      if (!info) return undefined;
      try {
        return { info, body: new Uint8Array(await readFile(objectPath(key))) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    head,
    async delete(key) {
      // Metadata first: an object without it is invisible, so a crash in between hides no live one.
      await rm(metaPath(key), { force: true });
      await rm(objectPath(key), { force: true });
    },
    async list(prefix) {
      checkPrefix(prefix);
      const base = join(root, 'objects');
      const keys = (await walk(base))
        .map((file) => relative(base, file).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort();
      const infos = await Promise.all(keys.map(head));
      return infos.filter((i): i is ObjectInfo => i !== undefined);
    },
  };
}

import { readFile } from 'node:fs/promises';
import { md5Hex } from './md5.ts';
import type { ObjectInfo, ObjectStore, StoredObject } from './ObjectStore.ts';
import { checkKey, checkPrefix } from './ObjectStore.ts';

/** Runs `work` as a promise, so a bad key rejects like it does in every other store. */
const settle = <T>(work: () => T) => new Promise<T>((resolve) => resolve(work()));

/** An object store in memory: tests and `inMemory` servers, which must leave no files behind. */
export function createMemoryStore(): ObjectStore {
  const objects = new Map<string, StoredObject>();
  const put = (key: string, body: Uint8Array, contentType: string) =>
    settle(() => {
      const info: ObjectInfo = {
        key: checkKey(key),
        size: body.length,
        contentType,
        md5: md5Hex(body),
        lastModified: new Date(),
      };
      objects.set(key, { info, body: body.slice() });
      return info;
    });
  return {
    kind: 'memory',
    put,
    putFile: async (key, path, contentType) => {
      checkKey(key);
      return put(key, new Uint8Array(await readFile(path)), contentType);
    },
    get: (key) => settle(() => objects.get(checkKey(key))),
    head: (key) => settle(() => objects.get(checkKey(key))?.info),
    delete: (key) =>
      settle(() => {
        objects.delete(checkKey(key));
      }),
    list: (prefix) =>
      settle(() => {
        checkPrefix(prefix);
        return [...objects.values()]
          .map((o) => o.info)
          .filter((info) => info.key.startsWith(prefix))
          .sort((a, b) => a.key.localeCompare(b.key));
      }),
  };
}

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../../server/storage/diskStore.ts';
import { createMemoryStore } from '../../server/storage/memoryStore.ts';
import { BadKeyError, type ObjectStore } from '../../server/storage/ObjectStore.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'skydeck-store-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe.each([
  ['disk', () => createDiskStore(root)],
  ['memory', () => createMemoryStore()],
] as const)('the %s object store', (_kind, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });

  it('puts, heads, gets, lists and deletes by key with type, size and MD5', async () => {
    const info = await store.put('waylines/1/a.kmz', bytes('hello'), 'application/x-test');
    // MD5 of "hello".
    expect(info).toMatchObject({ size: 5, md5: '5d41402abc4b2a76b9719d911017c592' });
    expect(await store.head('waylines/1/a.kmz')).toMatchObject({
      key: 'waylines/1/a.kmz',
      size: 5,
      contentType: 'application/x-test',
      md5: '5d41402abc4b2a76b9719d911017c592',
    });
    await store.put('waylines/1/a.kmz', bytes('hello again'), 'application/x-test');
    await store.put('waylines/2/b.kmz', bytes('b'), 'application/x-test');
    const got = await store.get('waylines/1/a.kmz');
    expect(new TextDecoder().decode(got?.body)).toBe('hello again');
    expect((await store.list('waylines/1/')).map((o) => o.key)).toEqual(['waylines/1/a.kmz']);
    expect((await store.list('')).map((o) => o.key)).toEqual([
      'waylines/1/a.kmz',
      'waylines/2/b.kmz',
    ]);
    await store.delete('waylines/1/a.kmz');
    await store.delete('waylines/1/a.kmz');
    expect(await store.get('waylines/1/a.kmz')).toBeUndefined();
    expect(await store.head('waylines/1/a.kmz')).toBeUndefined();
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of [
      '../etc/passwd',
      'a/../../b',
      '/abs',
      'a//b',
      '.hidden',
      'a/./b',
      'a\\b',
      '',
    ])
      await expect(store.put(key, bytes('x'), 'text/plain')).rejects.toBeInstanceOf(BadKeyError);
    await expect(store.get('../x')).rejects.toBeInstanceOf(BadKeyError);
    await expect(store.list('../')).rejects.toBeInstanceOf(BadKeyError);
  });
});

describe('the disk store on disk', () => {
  it('keeps objects under its root and leaves no temporary files', async () => {
    const dir = join(root, 'atomic');
    const store = createDiskStore(dir);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.put('same/key.bin', bytes(`v${i}`), 'text/plain')),
    );
    const body = new TextDecoder().decode((await store.get('same/key.bin'))?.body);
    expect(body).toMatch(/^v\d+$/);
    expect((await filesUnder(dir)).sort()).toEqual(['key.bin', 'key.bin.json']);
  });
});

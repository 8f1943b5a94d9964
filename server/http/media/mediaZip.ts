/**
 * A zip of media files as a stream: entries are added one file at a time as they are read from
 * storage, so memory holds one file, not the whole archive. JPEG and video are stored (level 0):
 * they are compressed already and deflating them again costs CPU for nothing.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ObjectStore } from '../../storage/ObjectStore.ts';

export interface ZipEntry {
  key: string;
  name: string;
}

const STORED = /\.(jpe?g|png|webp|heic|mp4|mov|m4v|zip)$/i;

/**
 * A file name as an archive entry: one plain name, never a path. Names come from the docks'
 * callbacks, and an entry called `../../x` or `/etc/x` would be written outside the folder by an
 * extractor that trusts entry paths.
 */
export function entryName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '_');
  return plain === '' ? '_' : plain;
}

/** Names made unique inside the archive: `a.jpg`, `a (2).jpg`, … */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0
      ? `${name.slice(0, dot)} (${String(count)})${name.slice(dot)}`
      : `${name} (${String(count)})`;
  });
}

/** The zip of `entries` as a readable stream; a storage failure ends it with an error. */
export function zipStream(storage: ObjectStore, entries: readonly ZipEntry[]): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const names = uniqueNames(entries.map((e) => entryName(e.name)));
  void (async () => {
    for (const [i, entry] of entries.entries()) {
      const object = await storage.get(entry.key);
      if (!object) continue;
      const name = names[i] ?? entryName(entry.name);
      const file = STORED.test(name)
        ? new ZipPassThrough(name)
        : new ZipDeflate(name, { level: 6 });
      file.mtime = object.info.lastModified;
      zip.add(file);
      file.push(object.body, true);
      // Back-pressure: wait for the client before reading the next file.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    zip.end();
  })().catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

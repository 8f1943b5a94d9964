import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createDiskStore } from './diskStore.ts';
import { createMemoryStore } from './memoryStore.ts';
import type { ObjectStore } from './ObjectStore.ts';

/**
 * The server's object store. Today: files under `DATA_DIR/media`, or memory for `inMemory` servers.
 * An S3 back end (MinIO or any S3 store, from `S3_ENDPOINT`/bucket/keys in `Config`) is created here
 * too when those settings arrive; everything else only sees `ObjectStore`.
 */
export function openStore(config: Config, inMemory: boolean): ObjectStore {
  return inMemory ? createMemoryStore() : createDiskStore(join(config.dataDir, 'media'));
}

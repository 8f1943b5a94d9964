import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createDiskStore } from './diskStore.ts';
import { createMemoryStore } from './memoryStore.ts';
import type { ObjectStore } from './ObjectStore.ts';
import { createS3Store } from './s3Store.ts';

/**
 * The server's object store: an S3 bucket when `S3_*` is set, else files under `DATA_DIR/media`, or
 * memory for `inMemory` servers. Everything else only sees `ObjectStore`.
 */
export function openStore(config: Config, inMemory: boolean): ObjectStore {
  if (config.s3) return createS3Store(config.s3);
  return inMemory ? createMemoryStore() : createDiskStore(join(config.dataDir, 'media'));
}

import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { dockPrefix, issueUploadCredentials } from '../storage/uploadCredentials.ts';

/** The bucket name docks are told; our S3 endpoint serves only this one. */
export const EMBEDDED_BUCKET = 'skydeck-media';
/** The path our S3-compatible endpoint lives under: `<endpoint>/<bucket>/<key>` in path style. */
export const S3_ENDPOINT_PATH = '/s3';
/** `storage_config_get` `module` of media files (protocol §8). */
const MODULE_MEDIA = 0;

export interface StorageConfigOptions {
  tokenSecret: string;
  /** The server's public base URL, as the docks reach it. */
  baseUrl: () => string;
  region: string;
  now: () => number;
}

/** The `storage_config_get` answer for one dock (protocol §8 step 2). */
export function storageConfigFor(options: StorageConfigOptions, dockSn: string) {
  return {
    bucket: EMBEDDED_BUCKET,
    credentials: issueUploadCredentials(options.tokenSecret, dockSn, options.now()),
    endpoint: new URL(S3_ENDPOINT_PATH, options.baseUrl()).toString(),
    // Path-style addressing like MinIO: the bucket is in the path, not the host name.
    provider: 'minio',
    region: options.region,
    object_key_prefix: dockPrefix(dockSn),
  };
}

/**
 * Answers a dock's `storage_config_get`: credentials for our own S3-compatible endpoint, limited to
 * the dock's prefix and an hour. With an external S3 store configured, the endpoint writes through
 * to it, so a dock never holds the store's own keys.
 */
export function registerStorageConfigRequest(
  requests: RequestRegistry,
  options: StorageConfigOptions,
): void {
  requests.register('storage_config_get', ({ gatewaySn, data }) => {
    const module = data.module ?? MODULE_MEDIA;
    if (module !== MODULE_MEDIA) return { result: 1 };
    return { result: 0, output: storageConfigFor(options, gatewaySn) };
  });
}

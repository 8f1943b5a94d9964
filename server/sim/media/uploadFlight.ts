import { field } from '../payloadField.ts';
import { readStorageGrant } from './simUpload.ts';
import type { StorageGrant } from './simUpload.ts';
import type { Photo } from './shootPhoto.ts';
import { uploadCallback } from './uploadCallback.ts';
import type { UploadCallbackDeps } from './uploadCallback.ts';

export interface UploadFlightDeps extends UploadCallbackDeps {
  /** Sends a request to the cloud; resolves with the reply's data, or null on timeout. */
  ask: (method: string, data: Record<string, unknown>) => Promise<unknown>;
  /** Stores a file where the grant says. */
  upload: (grant: StorageGrant, key: string, body: Uint8Array, type: string) => Promise<void>;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYYMMDDhhmmss` in UTC, as DJI file names carry the shot time. */
function stamp(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear())}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(
    d.getUTCHours(),
  )}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}

/**
 * Uploads the photos of an ended flight as a real dock does (protocol §8): it asks
 * `storage_config_get` once, then puts and reports each file in shot order.
 */
export async function uploadFlight(
  deps: UploadFlightDeps,
  flightId: string,
  list: Photo[],
): Promise<void> {
  const grant = readStorageGrant(
    field(await deps.ask('storage_config_get', { module: 0 }), 'output'),
  );
  if (!grant) return;
  for (const [i, photo] of list.entries()) {
    const jpeg = await photo.jpeg;
    if (!jpeg) continue;
    const name = `DJI_${stamp(photo.time)}_${String(i + 1).padStart(4, '0')}_V.jpeg`;
    const key = `${grant.object_key_prefix}/${flightId}/${name}`;
    try {
      await deps.upload(grant, key, jpeg, 'image/jpeg');
    } catch {
      // A refused upload is skipped, as a dock gives up on a file after its retries.
      continue;
    }
    uploadCallback(deps, flightId, key, name, photo);
  }
}

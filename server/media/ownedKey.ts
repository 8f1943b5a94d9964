/**
 * Whether an object key a device reports is one it may claim. A device names keys in its events
 * (`file_upload_callback`, `ai_alarm`), and the server then reads, lists, serves and deletes those
 * objects on its behalf; a key outside the device's own folder would let it take over another
 * device's — possibly another project's — files. Keys are checked as text, before any storage call,
 * so a traversal attempt is refused as such rather than failing somewhere inside a store.
 */
import { BadKeyError, checkKey } from '../storage/ObjectStore.ts';
import { dockPrefix } from '../storage/uploadCredentials.ts';

/** Why a reported key is refused; the log line names it. */
export type KeyRefusal = 'malformed' | 'outside_prefix';

/**
 * Null when `key` is a well-formed object key strictly inside `prefix` (a folder, with or without
 * its trailing slash), otherwise the reason it is refused. Leading slashes, backslashes, NUL and
 * other control characters, empty, `.` and `..` segments are all malformed.
 */
export function refuseKey(prefix: string, key: string): KeyRefusal | null {
  // checkKey already limits segments to a portable alphabet that excludes all of these; they are
  // named here too so that the refusal does not hinge on that alphabet staying as strict.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key) || key.startsWith('/')) return 'malformed';
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    return 'malformed';
  try {
    checkKey(key);
  } catch (error) {
    if (error instanceof BadKeyError) return 'malformed';
    throw error;
  }
  const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return key.startsWith(folder) && key.length > folder.length ? null : 'outside_prefix';
}

/** Whether `key` lies inside the media folder of the dock `gatewaySn` (its upload prefix). */
export function inDockFolder(gatewaySn: string, key: string): boolean {
  return refuseKey(dockPrefix(gatewaySn), key) === null;
}

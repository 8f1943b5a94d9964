import { createHash } from 'node:crypto';

/** Hex MD5 of some bytes: the fingerprint a dock checks a downloaded KMZ against (protocol §6.6). */
export function md5Hex(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

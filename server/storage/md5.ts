import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** Hex MD5 of some bytes: the fingerprint a dock checks a downloaded KMZ against (protocol §6.6). */
export function md5Hex(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** Hex MD5 of a file, read as a stream so that a large upload is never held in memory. */
export async function md5OfFile(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

import type { WaylineFacts, WaylineRoute } from '../../protocol/waylines.ts';
import { readKmzOffThread } from './readOffThread.ts';
import type { ReadKmzResult } from './readRoute.ts';
import { readKmzRoute } from './readRoute.ts';
import { writeKmz } from './writeKmz.ts';

/**
 * Writes a route edited in the console as a KMZ and reads it straight back with the importer, so a
 * saved route is exactly what an import of the same file would store: same checks, same facts.
 */
export function writeCheckedKmz(route: WaylineRoute): ReadKmzResult & { bytes: Uint8Array } {
  const bytes = writeKmz(route);
  return { bytes, ...readKmzRoute(bytes) };
}

/** The same, with a large file read back off the event loop (see `readOffThread.ts`). */
export async function writeCheckedKmzAsync(
  route: WaylineRoute,
): Promise<{ bytes: Uint8Array; facts: WaylineFacts }> {
  const bytes = writeKmz(route);
  const { facts } = await readKmzOffThread(bytes, 'facts');
  return { bytes, facts };
}

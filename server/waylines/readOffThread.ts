/**
 * Reads large KMZs on a worker thread (see `server/offThread.ts`), so a 65 535-waypoint upload does
 * not stall every other request, the broker and the simulator on the server's one event loop.
 * Small files, nearly all of them, are read inline: handing them over would cost more than reading
 * them. Either way the result, and every refusal, is exactly what `readKmzRoute` gives.
 */
import type { WaylineFacts, WaylineRoute } from '../../protocol/waylines.ts';
import { offThreadReader } from '../offThreadReader.ts';
import type { WaylineNote } from './readNotes.ts';
import { readKmzRoute } from './readRoute.ts';
import { WaylineFileError, type WaylineProblem } from './WaylineFileError.ts';

/** KMZ size (compressed) from which a file is read off the event loop: ~1 000 waypoints with actions. */
export const OFF_THREAD_BYTES = 64 * 1024;

/**
 * The reading thread's limits, backstops only: the reader bounds itself (the archive's inflated
 * size, the XML's depth and element count), and the largest file it accepts takes well under a
 * minute. A thread that runs into either is treated as one that died (see `readKmzOffThread`).
 */
export const KMZ_THREAD_LIMITS = { memoryMb: 4096, timeoutMs: 600_000, idleMs: 60_000 } as const;

/** What a caller needs: the facts alone (an upload), or the route too (the editor, a task). */
export type KmzWant = 'facts' | 'route';

export interface KmzJob {
  bytes: Uint8Array;
  maxBytes: number | undefined;
  want: KmzWant;
}

export interface KmzAnswer {
  facts?: WaylineFacts;
  warnings?: WaylineNote[];
  route?: WaylineRoute;
  refusal?: { problem: WaylineProblem; params: Record<string, string | number> };
  failure?: string;
}

/** What a read gives: the facts and warnings, and the route when asked for. */
interface KmzRead {
  facts: WaylineFacts;
  warnings: WaylineNote[];
  route?: WaylineRoute;
}

/** The thread's answer as an inline read would give it, or the refusal that read would throw. */
function readOf(answer: KmzAnswer): KmzRead {
  if (answer.refusal) throw new WaylineFileError(answer.refusal.problem, answer.refusal.params);
  if (answer.failure !== undefined || !answer.facts)
    throw new Error(`KMZ reader failed: ${answer.failure ?? 'no answer'}`);
  return {
    facts: answer.facts,
    warnings: answer.warnings ?? [],
    ...(answer.route && { route: answer.route }),
  };
}

const readKmz = offThreadReader<KmzJob, KmzJob, KmzAnswer, KmzRead>({
  module: new URL('./kmzWorker.ts', import.meta.url),
  limits: KMZ_THREAD_LIMITS,
  small: (job) => job.bytes.length < OFF_THREAD_BYTES,
  inline: (job) => readKmzRoute(job.bytes, job.maxBytes),
  job: (job) => ({ job }),
  result: readOf,
  // The thread could not start or died: the file is still read, on this one.
  failed: (_error, job) => readKmzRoute(job.bytes, job.maxBytes),
});

/**
 * The facts and warnings of a KMZ, and its route when `want` is `route`; throws what
 * `readKmzRoute` throws.
 */
export async function readKmzOffThread(
  bytes: Uint8Array,
  want: 'route',
  maxBytes?: number,
): Promise<KmzRead & { route: WaylineRoute }>;
export async function readKmzOffThread(
  bytes: Uint8Array,
  want: 'facts',
  maxBytes?: number,
): Promise<KmzRead>;
export async function readKmzOffThread(
  bytes: Uint8Array,
  want: KmzWant,
  maxBytes?: number,
): Promise<KmzRead> {
  return readKmz({ bytes, maxBytes, want });
}

/**
 * Reads large KMZs on a worker thread, so a 65 535-waypoint upload does not stall every other
 * request, the broker and the simulator on the server's one event loop. Small files, nearly all of
 * them, are read inline: handing them over would cost more than reading them. Either way the result,
 * and every refusal, is exactly what `readKmzRoute` gives.
 */
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../tsWorker.ts';
import type { WaylineFacts, WaylineRoute } from '../../protocol/waylines.ts';
import type { WaylineNote } from './readNotes.ts';
import { readKmzRoute } from './readRoute.ts';
import { WaylineFileError, type WaylineProblem } from './WaylineFileError.ts';

/** KMZ size (compressed) from which a file is read off the event loop: ~1 000 waypoints with actions. */
export const OFF_THREAD_BYTES = 64 * 1024;

/** What a caller needs: the facts alone (an upload), or the route too (the editor, a task). */
export type KmzWant = 'facts' | 'route';

export interface KmzJob {
  id: number;
  bytes: Uint8Array;
  maxBytes: number | undefined;
  want: KmzWant;
}

export interface KmzAnswer {
  id: number;
  facts?: WaylineFacts;
  warnings?: WaylineNote[];
  route?: WaylineRoute;
  refusal?: { problem: WaylineProblem; params: Record<string, string | number> };
  failure?: string;
}

interface Pending {
  resolve: (answer: KmzAnswer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  const started = startTsWorker(new URL('./kmzWorker.ts', import.meta.url));
  // An idle reader must not keep the process alive; a busy one holds it through its promise.
  started.unref();
  started.on('message', (answer: KmzAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    waiting?.resolve(answer);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`KMZ reader stopped (exit ${String(code)})`)));
  return started;
}

function askWorker(job: Omit<KmzJob, 'id'>): Promise<KmzAnswer> {
  worker ??= startWorker();
  const id = nextId++;
  const promise = new Promise<KmzAnswer>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ ...job, id } satisfies KmzJob);
  return promise;
}

/** What a read gives: the facts and warnings, and the route when asked for. */
interface KmzRead {
  facts: WaylineFacts;
  warnings: WaylineNote[];
}

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
): Promise<KmzRead & { route?: WaylineRoute }> {
  if (bytes.length < OFF_THREAD_BYTES) return readKmzRoute(bytes, maxBytes);
  let answer: KmzAnswer;
  try {
    answer = await askWorker({ bytes, maxBytes, want });
  } catch {
    // The thread could not start or died: the file is still read, on this one.
    return readKmzRoute(bytes, maxBytes);
  }
  if (answer.refusal) throw new WaylineFileError(answer.refusal.problem, answer.refusal.params);
  if (answer.failure !== undefined || !answer.facts)
    throw new Error(`KMZ reader failed: ${answer.failure ?? 'no answer'}`);
  return {
    facts: answer.facts,
    warnings: answer.warnings ?? [],
    ...(answer.route && { route: answer.route }),
  };
}

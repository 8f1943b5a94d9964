/**
 * Plans large imports on a worker thread, so parsing a 16 MB KML or GeoJSON and generating its
 * routes does not stall every other request on the server's one event loop. Small files, nearly all
 * of them, are planned inline. Either way the result, and every refusal, is what `planImport` gives.
 */
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../tsWorker.ts';
import { WaylineFileError, type WaylineProblem } from '../WaylineFileError.ts';
import type { ImportChoices } from './buildRoutes.ts';
import { InterchangeError, type InterchangeProblem } from './InterchangeError.ts';
import { planImport, type ImportPlan } from './planImport.ts';

/** File size from which a file is planned off the event loop: some thousand vertices. */
export const OFF_THREAD_BYTES = 64 * 1024;

export interface PlanJob {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  choices: ImportChoices;
}

type Params = Record<string, string | number>;

export interface PlanAnswer {
  id: number;
  plan?: ImportPlan;
  refusal?:
    | { kind: 'wpml'; problem: WaylineProblem; params: Params }
    | { kind: 'interchange'; problem: InterchangeProblem; params: Params };
  failure?: string;
}

interface Pending {
  resolve: (answer: PlanAnswer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  const started = startTsWorker(new URL('./planWorker.ts', import.meta.url));
  // An idle planner must not keep the process alive; a busy one holds it through its promise.
  started.unref();
  started.on('message', (answer: PlanAnswer) => {
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
  started.on('exit', (code) => fail(new Error(`import planner stopped (exit ${String(code)})`)));
  return started;
}

function askWorker(job: Omit<PlanJob, 'id'>): Promise<PlanAnswer> {
  worker ??= startWorker();
  const id = nextId++;
  const promise = new Promise<PlanAnswer>((resolve, reject) =>
    pending.set(id, { resolve, reject }),
  );
  worker.postMessage({ ...job, id } satisfies PlanJob);
  return promise;
}

/** `planImport`, off the event loop for a large file; throws what `planImport` throws. */
export async function planImportOffThread(
  bytes: Uint8Array,
  fileName: string,
  choices: ImportChoices,
): Promise<ImportPlan> {
  if (bytes.length < OFF_THREAD_BYTES) return planImport(bytes, fileName, choices);
  let answer: PlanAnswer;
  try {
    answer = await askWorker({ bytes, fileName, choices });
  } catch {
    // The thread could not start or died: the file is still planned, on this one.
    return planImport(bytes, fileName, choices);
  }
  const refusal = answer.refusal;
  if (refusal?.kind === 'wpml') throw new WaylineFileError(refusal.problem, refusal.params);
  if (refusal?.kind === 'interchange') throw new InterchangeError(refusal.problem, refusal.params);
  if (answer.failure !== undefined || !answer.plan)
    throw new Error(`import planner failed: ${answer.failure ?? 'no answer'}`);
  return answer.plan;
}

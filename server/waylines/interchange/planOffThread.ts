/**
 * Plans large imports on a worker thread (see `server/offThreadReader.ts`), so parsing a 16 MB KML
 * or GeoJSON and generating its routes does not stall every other request on the server's one
 * event loop. Small files, nearly all of them, are planned inline. Either way the result, and every
 * refusal, is what `planImport` gives.
 */
import { offThreadReader } from '../../offThreadReader.ts';
import { WaylineFileError, type WaylineProblem } from '../WaylineFileError.ts';
import type { ImportChoices } from './buildRoutes.ts';
import { InterchangeError, type InterchangeProblem } from './InterchangeError.ts';
import { planImport, type ImportPlan } from './planImport.ts';

/** File size from which a file is planned off the event loop: some thousand vertices. */
export const OFF_THREAD_BYTES = 64 * 1024;

/** Backstops only: the planner bounds itself (vertex, element and area limits). */
const PLAN_THREAD_LIMITS = { memoryMb: 4096, timeoutMs: 600_000, idleMs: 60_000 } as const;

export interface PlanJob {
  bytes: Uint8Array;
  fileName: string;
  choices: ImportChoices;
}

type Params = Record<string, string | number>;

export interface PlanAnswer {
  plan?: ImportPlan;
  refusal?:
    | { kind: 'wpml'; problem: WaylineProblem; params: Params }
    | { kind: 'interchange'; problem: InterchangeProblem; params: Params };
  failure?: string;
}

/** The thread's answer as an inline plan would give it, or the refusal that plan would throw. */
function planOf(answer: PlanAnswer): ImportPlan {
  const refusal = answer.refusal;
  if (refusal?.kind === 'wpml') throw new WaylineFileError(refusal.problem, refusal.params);
  if (refusal?.kind === 'interchange') throw new InterchangeError(refusal.problem, refusal.params);
  if (answer.failure !== undefined || !answer.plan)
    throw new Error(`import planner failed: ${answer.failure ?? 'no answer'}`);
  return answer.plan;
}

const plan = offThreadReader<PlanJob, PlanJob, PlanAnswer, ImportPlan>({
  module: new URL('./planWorker.ts', import.meta.url),
  limits: PLAN_THREAD_LIMITS,
  small: (job) => job.bytes.length < OFF_THREAD_BYTES,
  inline: (job) => planImport(job.bytes, job.fileName, job.choices),
  job: (job) => ({ job }),
  result: planOf,
  // The thread could not start or died: the file is still planned, on this one.
  failed: (_error, job) => planImport(job.bytes, job.fileName, job.choices),
});

/** `planImport`, off the event loop for a large file; throws what `planImport` throws. */
export function planImportOffThread(
  bytes: Uint8Array,
  fileName: string,
  choices: ImportChoices,
): Promise<ImportPlan> {
  return plan({ bytes, fileName, choices });
}

/**
 * The body of the import planning thread (see `planOffThread.ts`): plans each file it is sent with
 * the function the server uses inline. A refusal travels as its kind, problem and details, so the
 * caller throws the very error an inline plan would.
 */
import { parentPort } from 'node:worker_threads';
import { WaylineFileError } from '../WaylineFileError.ts';
import { InterchangeError } from './InterchangeError.ts';
import type { PlanAnswer, PlanJob } from './planOffThread.ts';
import { planImport } from './planImport.ts';

function answer(job: PlanJob): PlanAnswer {
  try {
    return { id: job.id, plan: planImport(job.bytes, job.fileName, job.choices) };
  } catch (error) {
    if (error instanceof WaylineFileError)
      return {
        id: job.id,
        refusal: { kind: 'wpml', problem: error.problem, params: { ...error.params } },
      };
    if (error instanceof InterchangeError)
      return {
        id: job.id,
        refusal: { kind: 'interchange', problem: error.problem, params: { ...error.params } },
      };
    return { id: job.id, failure: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (job: PlanJob) => {
  parentPort?.postMessage(answer(job));
});

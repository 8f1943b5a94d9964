/**
 * The body of the import planning thread (see `planOffThread.ts`): plans each file it is sent with
 * the function the server uses inline. A refusal travels as its kind, problem and details, so the
 * caller throws the very error an inline plan would.
 */
import { serveOffThread } from '../../offThread.ts';
import { WaylineFileError } from '../WaylineFileError.ts';
import { InterchangeError } from './InterchangeError.ts';
import type { PlanAnswer, PlanJob } from './planOffThread.ts';
import { planImport } from './planImport.ts';

function answer(job: PlanJob): PlanAnswer {
  try {
    return { plan: planImport(job.bytes, job.fileName, job.choices) };
  } catch (error) {
    if (error instanceof WaylineFileError)
      return { refusal: { kind: 'wpml', problem: error.problem, params: { ...error.params } } };
    if (error instanceof InterchangeError)
      return {
        refusal: { kind: 'interchange', problem: error.problem, params: { ...error.params } },
      };
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

serveOffThread<PlanJob, PlanAnswer>((job) => ({ answer: answer(job) }));

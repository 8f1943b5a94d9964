/**
 * The shape every off-thread reader of an upload shares (KMZ, ONNX, feature-point imports): a small
 * input is read inline, since handing it over would cost more than reading it; a large one goes to
 * a thread of the reader's own (see `offThread.ts`), started on the first such input. What differs
 * from reader to reader — how a job is packed, how its answer is read, what a thread that gave no
 * answer becomes — is what the reader passes in.
 */
import type { Transferable } from 'node:worker_threads';
import type { OffThreadLimits, OffThreadRunner } from './offThread.ts';
import { offThreadRunner } from './offThread.ts';

/** How one reader reads an `Input` into a `Result`, inline or through its thread. */
export interface OffThreadReading<Input, Job, Answer, Result> {
  /** The thread's module: a `.ts` file beside the reader that calls `serveOffThread`. */
  module: URL;
  limits: OffThreadLimits;
  /** Whether `input` is small enough to read on the event loop. */
  small(input: Input): boolean;
  /** Reads `input` on the event loop; the thread must answer what this gives. */
  inline(input: Input): Result;
  /** The job for the thread, and the buffers that move there instead of being copied. */
  job(input: Input): { job: Job; transfer?: Transferable[] };
  /** The result of the thread's answer; a refusal it carries is thrown here. */
  result(answer: Answer, input: Input): Result;
  /**
   * What becomes of an input whose thread gave no answer (`error` is an `OffThreadError` saying
   * why, unless the thread could not even be handed the job). Left out, the error is thrown.
   */
  failed?(error: unknown, input: Input): Result;
}

/** A function that reads each input as `reading` says, large ones on a thread of its own. */
export function offThreadReader<Input, Job, Answer, Result>(
  reading: OffThreadReading<Input, Job, Answer, Result>,
): (input: Input) => Promise<Result> {
  let runner: OffThreadRunner<Job, Answer> | undefined;
  return async (input) => {
    if (reading.small(input)) return reading.inline(input);
    runner ??= offThreadRunner(reading.module, reading.limits);
    const { job, transfer } = reading.job(input);
    let answer: Answer;
    try {
      answer = await runner.run(job, transfer);
    } catch (error) {
      if (!reading.failed) throw error;
      return reading.failed(error, input);
    }
    return reading.result(answer, input);
  };
}

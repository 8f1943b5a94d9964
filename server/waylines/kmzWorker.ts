/**
 * The body of the KMZ reading thread (see `readOffThread.ts`): reads each file it is sent with the
 * same reader the server uses inline, and answers with what the caller asked for. A refusal travels
 * as its problem and details, so the caller throws the very `WaylineFileError` an inline read would.
 */
import { serveOffThread } from '../offThread.ts';
import type { KmzJob, KmzAnswer } from './readOffThread.ts';
import { readKmzRoute } from './readRoute.ts';
import { WaylineFileError } from './WaylineFileError.ts';

function answer(job: KmzJob): KmzAnswer {
  try {
    const { route, facts, warnings } = readKmzRoute(job.bytes, job.maxBytes);
    return { facts, warnings, ...(job.want === 'route' && { route }) };
  } catch (error) {
    if (error instanceof WaylineFileError)
      return { refusal: { problem: error.problem, params: { ...error.params } } };
    return { failure: error instanceof Error ? error.message : String(error) };
  }
}

serveOffThread<KmzJob, KmzAnswer>((job) => ({ answer: answer(job) }));

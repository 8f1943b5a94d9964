/**
 * The body of the ONNX reading thread (see `readOnnxOffThread.ts`): reads each file it is sent with
 * the same `readOnnx` the server uses inline and hands the file's buffer back with the answer. A
 * refusal travels as its reason, so the caller throws the very `OnnxFileError` an inline read would.
 */
import { serveOffThread } from '../offThread.ts';
import type { OnnxAnswer, OnnxJob } from './readOnnxOffThread.ts';
import { OnnxFileError, readOnnx } from './readOnnx.ts';

function answer({ buffer }: OnnxJob): OnnxAnswer {
  try {
    return { buffer, facts: readOnnx(new Uint8Array(buffer)) };
  } catch (error) {
    if (error instanceof OnnxFileError) return { buffer, refusal: error.reason };
    return { buffer, failure: error instanceof Error ? error.message : String(error) };
  }
}

serveOffThread<OnnxJob, OnnxAnswer>((job) => ({ answer: answer(job), transfer: [job.buffer] }));

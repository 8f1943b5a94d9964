/**
 * Reads uploaded ONNX files on a worker thread (see `server/offThread.ts`), so a 200 MB model does
 * not stall every other request, the broker and the simulator while it is walked, and whatever
 * reading it allocates is held by a thread whose heap is capped. Small files, nearly all test and
 * demo models, are read inline: handing them over would cost more than reading them. Either way
 * the facts, and every refusal, are exactly what `readOnnx` gives; a thread that runs out of memory
 * or time becomes a refusal naming that limit.
 */
import type { OnnxFacts } from '../../protocol/models.ts';
import type { OffThreadLimits } from '../offThread.ts';
import { OffThreadError } from '../offThread.ts';
import { offThreadReader } from '../offThreadReader.ts';
import { OnnxFileError } from './OnnxFileError.ts';
import { readOnnx } from './readOnnx.ts';

/** File size from which a model is read off the event loop. */
export const ONNX_OFF_THREAD_BYTES = 256 * 1024;

/**
 * The reading thread's limits. `readOnnx` itself needs a few tens of MB at most whatever the file
 * (see `ONNX_LIMITS`), so the memory cap is a backstop; the time limit is far above the second or
 * two a 200 MB file takes, and stops a thread that hangs.
 */
export const ONNX_THREAD_LIMITS = { memoryMb: 256, timeoutMs: 30_000, idleMs: 30_000 } as const;

/** A file handed to the thread; its buffer moves there and back rather than being copied. */
export interface OnnxJob {
  buffer: ArrayBuffer;
}

/** The thread's answer, with the buffer handed back: facts, a refusal, or a failure (a bug). */
export interface OnnxAnswer {
  buffer: ArrayBuffer;
  facts?: OnnxFacts;
  refusal?: string;
  failure?: string;
}

/** The bytes' own buffer when they span all of it (it can then move), else a copy of them. */
function movableBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  )
    return buffer;
  // A copy of exactly these bytes (`slice` of a Node Buffer would be a view of the same memory).
  return new Uint8Array(bytes).buffer;
}

/** Why a reading thread gave no answer, as the refusal the caller shows, when it is the file's. */
function refusalOf(error: unknown, limits: OffThreadLimits): OnnxFileError | undefined {
  if (!(error instanceof OffThreadError)) return undefined;
  if (error.failure === 'memory')
    return new OnnxFileError(
      `reading it needs more than ${String(limits.memoryMb)} MB of memory (the memory limit)`,
    );
  if (error.failure === 'timeout')
    return new OnnxFileError(
      `reading it takes longer than ${String(limits.timeoutMs / 1000)} s (the time limit)`,
    );
  return undefined;
}

/** What a read gives: the facts, and the bytes that hold the file from then on. */
interface OnnxRead {
  facts: OnnxFacts;
  bytes: Uint8Array;
}

/** Reads a file as `readOnnxOffThread` does; the answer's `bytes` hold the file from then on. */
export type OnnxReader = (bytes: Uint8Array) => Promise<OnnxRead>;

/** The thread's answer as an inline read would give it, or the refusal that read would throw. */
function readOf(answer: OnnxAnswer): OnnxRead {
  if (answer.refusal !== undefined) throw new OnnxFileError(answer.refusal);
  if (!answer.facts) throw new Error(`ONNX reader failed: ${answer.failure ?? 'no answer'}`);
  return { facts: answer.facts, bytes: new Uint8Array(answer.buffer) };
}

/**
 * A reader of ONNX files that hands files of `inlineBelow` bytes or more to a thread of its own
 * within `limits` (the thread starts on the first such file).
 */
export function onnxReader(limits: OffThreadLimits, inlineBelow: number): OnnxReader {
  return offThreadReader<Uint8Array, OnnxJob, OnnxAnswer, OnnxRead>({
    module: new URL('./onnxWorker.ts', import.meta.url),
    limits,
    small: (bytes) => bytes.length < inlineBelow,
    inline: (bytes) => ({ facts: readOnnx(bytes), bytes }),
    job(bytes) {
      const buffer = movableBuffer(bytes);
      return { job: { buffer }, transfer: [buffer] };
    },
    result: readOf,
    failed(error) {
      throw refusalOf(error, limits) ?? error;
    },
  });
}

/**
 * The facts of the ONNX file `bytes`, and the same bytes to store. A large file's buffer moves to
 * the reading thread, so `bytes` is left empty and the answer's `bytes` holds the file from then
 * on. Throws what `readOnnx` throws, and an `OnnxFileError` naming the limit the thread ran into.
 */
export const readOnnxOffThread: OnnxReader = onnxReader(ONNX_THREAD_LIMITS, ONNX_OFF_THREAD_BYTES);

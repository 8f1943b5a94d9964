/**
 * The off-thread runner: jobs are answered in turn; a job that passes the thread's memory cap or
 * its time limit fails with an `OffThreadError` saying which, and the next job gets a fresh
 * thread. The ONNX reader built on it turns those failures into refusals naming the limit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { OffThreadError, offThreadRunner } from '../../server/offThread.ts';
import { OnnxFileError } from '../../server/models/OnnxFileError.ts';
import { onnxReader } from '../../server/models/readOnnxOffThread.ts';
import { buildOnnx } from '../fixtures/onnx/buildOnnx.ts';
import type { TestJob } from './offThreadJobs.ts';

const jobs = new URL('./offThreadJobs.ts', import.meta.url);

/** What `promise` rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('resolved');
}

describe('off-thread runner', () => {
  const runner = offThreadRunner<TestJob, number>(jobs, {
    memoryMb: 64,
    timeoutMs: 5_000,
    idleMs: 60_000,
  });
  afterAll(() => runner.close());

  it('answers each job in turn', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((value) => runner.run({ kind: 'double', value })),
    );
    expect(answers).toEqual([2, 4, 6]);
    const thrown = await failureOf(runner.run({ kind: 'throw' }));
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toContain('a job that throws');
  });

  it('ends a thread that passes its memory cap, and serves on with a new one', async () => {
    const failure = await failureOf(runner.run({ kind: 'hog' }));
    expect(failure).toBeInstanceOf(OffThreadError);
    expect((failure as OffThreadError).failure).toBe('memory');
    expect(await runner.run({ kind: 'double', value: 5 })).toBe(10);
  });

  it('ends a thread that runs past its time, and serves on with a new one', async () => {
    const quick = offThreadRunner<TestJob, number>(jobs, {
      memoryMb: 64,
      timeoutMs: 1_500,
      idleMs: 60_000,
    });
    try {
      const failure = await failureOf(quick.run({ kind: 'spin' }));
      expect(failure).toBeInstanceOf(OffThreadError);
      expect((failure as OffThreadError).failure).toBe('timeout');
    } finally {
      await quick.close();
    }
    expect(await runner.run({ kind: 'double', value: 7 })).toBe(14);
  });
});

describe('ONNX reader on its thread', () => {
  it('reads a model and hands the same bytes back', async () => {
    const bytes = buildOnnx();
    const copy = new Uint8Array(bytes);
    const read = await onnxReader({ memoryMb: 128, timeoutMs: 30_000, idleMs: 100 }, 0)(copy);
    expect(read.facts.nodeCount).toBe(1);
    expect(read.bytes).toEqual(new Uint8Array(bytes));
    // The buffer moved to the thread and back instead of being copied.
    expect(copy.byteLength).toBe(0);
  });

  it('turns a thread out of memory or out of time into a refusal naming the limit', async () => {
    // A cap too small for the thread to even start, and a time limit shorter than any start.
    const starved = await failureOf(
      onnxReader({ memoryMb: 1, timeoutMs: 30_000, idleMs: 100 }, 0)(buildOnnx()),
    );
    expect(starved).toBeInstanceOf(OnnxFileError);
    expect((starved as OnnxFileError).reason).toBe(
      'reading it needs more than 1 MB of memory (the memory limit)',
    );
    const hurried = await failureOf(
      onnxReader({ memoryMb: 128, timeoutMs: 1, idleMs: 100 }, 0)(buildOnnx()),
    );
    expect(hurried).toBeInstanceOf(OnnxFileError);
    expect((hurried as OnnxFileError).reason).toMatch(
      /^reading it takes longer than .+ \(the time limit\)$/,
    );
  });
});

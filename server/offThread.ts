/**
 * Runs jobs on a worker thread with a memory cap and a time limit, one job at a time, so reading a
 * large or hostile upload can neither stall the server's one event loop nor fill its heap. The
 * thread's heap is capped with `resourceLimits`: a job that needs more ends the thread, not the
 * process, and its caller gets an `OffThreadError` saying so; a job that runs past its time has
 * its thread ended the same way. An idle thread is ended after a while, handing its heap back; the
 * next job starts a fresh one. The module a runner starts calls `serveOffThread` with the function
 * that answers each job.
 */
import type { Transferable, Worker } from 'node:worker_threads';
import { parentPort } from 'node:worker_threads';
import { startTsWorker } from './tsWorker.ts';

/** How much a runner's thread may take. */
export interface OffThreadLimits {
  /** Heap of the thread (V8 old generation), MB; a job that needs more ends the thread. */
  memoryMb: number;
  /** The longest one job may run, ms, counted from when the thread is handed it. */
  timeoutMs: number;
  /** A thread idle this long is ended, so what it allocated is handed back to the system. */
  idleMs: number;
}

/** Why a job got no answer: its thread ran out of memory, out of time, or stopped otherwise. */
export type OffThreadFailure = 'memory' | 'timeout' | 'stopped';

/** A job that got no answer from its thread, and why. */
export class OffThreadError extends Error {
  constructor(
    readonly failure: OffThreadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OffThreadError';
  }
}

interface Request<Job> {
  id: number;
  job: Job;
}

type Reply<Answer> =
  { id: number; ok: true; answer: Answer } | { id: number; ok: false; error: string };

/** Runs each job on the runner's thread; `close` ends the thread and refuses what is queued. */
export interface OffThreadRunner<Job, Answer> {
  run(job: Job, transfer?: readonly Transferable[]): Promise<Answer>;
  close(): Promise<void>;
}

interface Queued<Job, Answer> {
  id: number;
  job: Job;
  transfer: readonly Transferable[];
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

interface Running<Job, Answer> extends Queued<Job, Answer> {
  thread: Worker;
  timer: NodeJS.Timeout;
}

const outOfMemory = (error: Error) => 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** A runner of `module` (a `.ts` file calling `serveOffThread`) within `limits`. */
export function offThreadRunner<Job, Answer>(
  module: URL,
  limits: OffThreadLimits,
): OffThreadRunner<Job, Answer> {
  let thread: Worker | undefined;
  let running: Running<Job, Answer> | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;
  const queue: Queued<Job, Answer>[] = [];

  /** Ends the running job with `outcome` and hands the thread the next one. */
  function settle(outcome: (job: Running<Job, Answer>) => void): void {
    const job = running;
    if (!job) return;
    running = undefined;
    clearTimeout(job.timer);
    outcome(job);
    pump();
  }

  /** A thread that stopped: the job it was running fails with `error`. */
  function lost(which: Worker, error: OffThreadError): void {
    if (thread === which) thread = undefined;
    if (running?.thread === which) settle((job) => job.reject(error));
  }

  function start(): Worker {
    const started = startTsWorker(module, {
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    // An idle thread must not keep the process alive; a running job holds it through its timer.
    started.unref();
    started.on('message', (reply: Reply<Answer>) => {
      if (running?.thread !== started || running.id !== reply.id) return;
      settle((job) => {
        if (reply.ok) job.resolve(reply.answer);
        else job.reject(new Error(`off-thread job failed: ${reply.error}`));
      });
    });
    started.on('error', (error) => {
      const memory = outOfMemory(error);
      lost(
        started,
        new OffThreadError(
          memory ? 'memory' : 'stopped',
          memory
            ? `the job needed more than ${String(limits.memoryMb)} MB`
            : `the thread failed: ${error.message}`,
        ),
      );
    });
    started.on('exit', (code) =>
      lost(started, new OffThreadError('stopped', `the thread stopped (exit ${String(code)})`)),
    );
    return started;
  }

  function pump(): void {
    if (running) return;
    const next = queue.shift();
    if (!next) {
      if (thread && !idle) idle = setTimeout(retire, limits.idleMs).unref();
      return;
    }
    clearTimeout(idle);
    idle = undefined;
    thread ??= start();
    const current = thread;
    const timer = setTimeout(() => {
      // Ending the thread is the only way to stop a job that is still computing.
      if (thread === current) thread = undefined;
      void current.terminate();
      settle((job) =>
        job.reject(
          new OffThreadError('timeout', `the job ran past ${String(limits.timeoutMs)} ms`),
        ),
      );
    }, limits.timeoutMs);
    running = { ...next, thread: current, timer };
    try {
      current.postMessage({ id: next.id, job: next.job } satisfies Request<Job>, next.transfer);
    } catch (error) {
      settle((job) => job.reject(error instanceof Error ? error : new Error(String(error))));
    }
  }

  function retire(): void {
    idle = undefined;
    if (running || !thread) return;
    const old = thread;
    thread = undefined;
    void old.terminate();
  }

  return {
    run(job, transfer = []) {
      return new Promise<Answer>((resolve, reject) => {
        queue.push({ id: nextId++, job, transfer, resolve, reject });
        pump();
      });
    },
    async close() {
      clearTimeout(idle);
      idle = undefined;
      for (const waiting of queue.splice(0))
        waiting.reject(new OffThreadError('stopped', 'the runner was closed'));
      const old = thread;
      thread = undefined;
      if (old) {
        await old.terminate();
        lost(old, new OffThreadError('stopped', 'the runner was closed'));
      }
    },
  };
}

/**
 * On a runner's thread: answers each job with what `handle` returns, handing over `transfer` (its
 * buffers move to the caller instead of being copied). A throw is reported as a failed job.
 */
// The type parameters are named at the call site, so the handler is checked against the job and
// answer types its runner was made with, though each appears once here.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function serveOffThread<Job, Answer>(
  handle: (job: Job) => { answer: Answer; transfer?: Transferable[] },
): void {
  const port = parentPort;
  if (!port) throw new Error('serveOffThread runs on a worker thread');
  port.on('message', (request: Request<Job>) => {
    let reply: Reply<Answer>;
    let transfer: Transferable[] = [];
    try {
      const out = handle(request.job);
      reply = { id: request.id, ok: true, answer: out.answer };
      transfer = out.transfer ?? [];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reply = { id: request.id, ok: false, error: message };
    }
    port.postMessage(reply, transfer);
  });
}

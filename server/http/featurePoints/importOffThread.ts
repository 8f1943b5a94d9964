/**
 * Reads import files on a worker thread (see `server/offThread.ts`), so a 10 MB file is parsed and
 * checked while the server's one event loop goes on answering requests, the broker and the
 * simulator; whatever the parse allocates is held by a thread whose heap is capped. Small files,
 * nearly every real import, are read inline: handing them over would cost more than reading them,
 * and no text that short can hold enough rows or objects to stall the loop. A thread that runs out
 * of memory or time becomes a refusal naming that limit.
 */
import type { OffThreadLimits } from '../../offThread.ts';
import { OffThreadError } from '../../offThread.ts';
import { offThreadReader } from '../../offThreadReader.ts';
import { message } from '../messages.ts';
import type { ImportJob, ImportReading } from './importFile.ts';
import { fileRefusal, readImport } from './importFile.ts';

/** Text length (characters) from which a file is read off the event loop. */
export const IMPORT_OFF_THREAD_CHARS = 64 * 1024;

/**
 * The import thread's limits. A full 10 MB file of 5 000 points needs a few tens of MB; the cap
 * stops a file built to make `JSON.parse` build millions of nested objects. The time limit is far
 * above the second or two the largest file takes, and stops a thread that hangs.
 */
export const IMPORT_THREAD_LIMITS = { memoryMb: 256, timeoutMs: 30_000, idleMs: 30_000 } as const;

/** Reads and checks an import file as `readImport` does, off the event loop when it is large. */
export type ImportReader = (job: ImportJob) => Promise<ImportReading>;

/** Why the thread gave no answer, as the refusal the caller shows, when it is the file's doing. */
function refusalOf(error: unknown, job: ImportJob, limits: OffThreadLimits) {
  if (!(error instanceof OffThreadError)) return undefined;
  if (error.failure === 'memory')
    return fileRefusal(message('feature.import_memory', job.lang, { mb: limits.memoryMb }));
  if (error.failure === 'timeout')
    return fileRefusal(
      message('feature.import_time', job.lang, { seconds: limits.timeoutMs / 1000 }),
    );
  return undefined;
}

/** A reader that hands texts of `inlineBelow` characters or more to a thread of its own. */
export function importReader(limits: OffThreadLimits, inlineBelow: number): ImportReader {
  return offThreadReader<ImportJob, ImportJob, ImportReading, ImportReading>({
    module: new URL('./importWorker.ts', import.meta.url),
    limits,
    small: (job) => job.text.length < inlineBelow,
    inline: readImport,
    job: (job) => ({ job }),
    result: (reading) => reading,
    failed(error, job) {
      const refusal = refusalOf(error, job, limits);
      if (refusal) return refusal;
      throw error;
    },
  });
}

/** Reads and checks an import file, large ones on the import thread. */
export const readImportOffThread: ImportReader = importReader(
  IMPORT_THREAD_LIMITS,
  IMPORT_OFF_THREAD_CHARS,
);

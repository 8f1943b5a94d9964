/**
 * The body of the import thread (see `importOffThread.ts`): reads and checks each file it is sent
 * with the same `readImport` the route uses inline for small files.
 */
import { serveOffThread } from '../../offThread.ts';
import type { ImportJob, ImportReading } from './importFile.ts';
import { readImport } from './importFile.ts';

serveOffThread<ImportJob, ImportReading>((job) => ({ answer: readImport(job) }));

/**
 * Worker threads whose module is TypeScript. Run from source, the server runs through tsx, and
 * Node 20 applies neither the parent's loader nor an `--import` hook to a worker's entry file, so
 * the worker starts from a one-line script that asks tsx's API to import the module itself.
 * Compiled (`npm run build`), the module is the `.js` file beside the `.ts` name and starts as is.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerOptions } from 'node:worker_threads';
import { COMPILED } from './repoRoot.ts';

/** Starts `module` (a `.ts` file URL) on a worker thread with `options` (workerData and the like). */
export function startTsWorker(module: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (COMPILED) return new Worker(new URL(module.href.replace(/\.ts$/, '.js')), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`;
  return new Worker(boot, { ...options, eval: true });
}

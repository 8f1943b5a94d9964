/**
 * The shape every benchmark section shares, so `run.ts` can print, store and summarise any of them.
 */

/** Options a section receives from the runner. */
export interface BenchOptions {
  /** A short smoke run (fewer runs and messages) instead of the full measurement. */
  quick: boolean;
  /** Draw the browser pages on the machine's GPU (`--gpu`) instead of software WebGL. */
  gpu?: boolean;
}

/** One section's results: a table plus the notes that say how to read it. */
export interface BenchResult {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes: string[];
}

/** A benchmark section; `id` picks it with `npm run bench -- --only <id>`. */
export interface BenchSection {
  id: string;
  run(opts: BenchOptions): Promise<BenchResult>;
}

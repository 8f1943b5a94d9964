import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describeMachine } from './machine.ts';
import type { MachineFacts } from './machine.ts';
import type { BenchResult } from './section.ts';
import { formatMarkdown } from './table.ts';

/** What one section's JSON file holds. */
export interface StoredResult {
  section: string;
  date: string;
  machine: MachineFacts;
  result: BenchResult;
}

const RESULT_FILE = /^(\d{4}-\d{2}-\d{2})-(.+)\.json$/;

/** Writes `<dir>/<date>-<section>.json`. */
export async function storeResult(dir: string, stored: StoredResult): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${stored.date}-${stored.section}.json`);
  await writeFile(path, `${JSON.stringify(stored, null, 2)}\n`);
  return path;
}

/**
 * Rewrites `<dir>/latest.md` from the newest stored file of every section, so a run of one
 * section (`--only`) keeps the others' last results in the summary.
 */
export async function writeSummary(dir: string, order: string[]): Promise<string> {
  const newest = new Map<string, string>();
  for (const name of (await readdir(dir)).sort()) {
    const match = RESULT_FILE.exec(name);
    if (match?.[2] !== undefined) newest.set(match[2], name);
  }
  const sections: string[] = [];
  for (const id of [...order, ...[...newest.keys()].filter((k) => !order.includes(k))]) {
    const name = newest.get(id);
    if (name === undefined) continue;
    const stored = JSON.parse(await readFile(join(dir, name), 'utf8')) as StoredResult;
    sections.push(
      `${formatMarkdown(stored.result, stored.date)}\n\nMachine: ${describeMachine(stored.machine)}.`,
    );
  }
  const path = join(dir, 'latest.md');
  const intro =
    '# Latest benchmark results\n\nWritten by `npm run bench`; one section per benchmark, newest run of each.';
  await writeFile(path, `${[intro, ...sections].join('\n\n')}\n`);
  return path;
}

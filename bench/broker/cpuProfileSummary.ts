/**
 * Summary of a V8 `.cpuprofile` (Node's --cpu-prof): self time by function and by package or
 * repository folder, largest first. Used by profileServer.ts and by hand on a benchmark server's
 * profile (`npx tsx bench/broker/cpuProfileSummary.ts <file.cpuprofile>`).
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package name, a repository path, or a V8/Node category. */
function place(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  return url.replace(/^file:\/\/.*?\/(server|protocol|workers)\//, '$1/') || '(native)';
}

/** Self time per key, as "share %  key" lines, largest first. */
function table(self: Map<string, number>, total: number, rows: number): string[] {
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

export function summarise(profile: CpuProfile): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    total += us;
    const where = place(frame.url);
    const fn = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byPlace.set(where, (byPlace.get(where) ?? 0) + us);
  });
  return [
    `main thread, ${(total / 1e6).toFixed(1)} s sampled`,
    '',
    'self time by function:',
    ...table(byFunction, total, 25),
    '',
    'self time by package / folder:',
    ...table(byPlace, total, 15),
  ].join('\n');
}

/** Reads and summarises one profile file. */
export async function summariseFile(path: string): Promise<string> {
  return summarise(JSON.parse(await readFile(path, 'utf8')) as CpuProfile);
}

if (process.argv[1]?.endsWith('cpuProfileSummary.ts') && process.argv[2])
  console.log(await summariseFile(process.argv[2]));

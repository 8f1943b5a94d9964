import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The rooms of the code base and their one-way doors, checked on the import graph of every source
// file. Type-only imports count (they tie two rooms together as firmly for a reader); lazy
// `import()` calls do not (the router loads pages that way, and nothing runs at import).

const ROOT = resolve(import.meta.dirname, '../..');
const ROOMS = ['src', 'server', 'protocol', 'workers'];
const IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every source file (relative to the root) with the relative modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of ROOMS.flatMap((room) => sourceFiles(join(ROOT, room)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolve(dirname(file), m[1] ?? ''))
      .filter((path) => existsSync(path))
      .map((path) => relative(ROOT, path));
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan), each a cycle or several. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** `from → to` for every import from a file `from` matches into a file `to` matches. */
function crossings(
  graph: Map<string, string[]>,
  from: (file: string) => boolean,
  to: (file: string) => boolean,
): string[] {
  return [...graph].flatMap(([file, targets]) =>
    from(file) ? targets.filter(to).map((target) => `${file} → ${target}`) : [],
  );
}

const graph = importGraph();

describe('the rooms of the code base', () => {
  it('finds the files it checks', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('server/main.ts')).toContain('server/app.ts');
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('lets no page import the worker: pages reach it through src/telemetry and protocol/', () => {
    const pages = (f: string) => f.startsWith('src/pages/');
    expect(crossings(graph, pages, (f) => f.startsWith('workers/'))).toEqual([]);
  });

  it('declares the worker boundary once: the console imports nothing of workers/ but workers/api.ts', () => {
    const console = (f: string) => f.startsWith('src/');
    const internals = (f: string) => f.startsWith('workers/') && f !== 'workers/api.ts';
    expect(crossings(graph, console, internals)).toEqual([]);
    expect(crossings(graph, console, (f) => f === 'workers/api.ts').length).toBeGreaterThan(0);
    // Pages talk to the worker through small link objects (src/telemetry), never through comlink.
    const comlinkInPages = [...graph.keys()]
      .filter((f) => f.startsWith('src/pages/'))
      .filter((f) => /from\s+['"]comlink['"]/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(comlinkInPages).toEqual([]);
  });

  it('lets no worker module import the console, and no protocol module anything but protocol', () => {
    const console = (f: string) => f.startsWith('src/') || f.startsWith('server/');
    expect(crossings(graph, (f) => f.startsWith('workers/'), console)).toEqual([]);
    const outside = (f: string) => !f.startsWith('protocol/');
    expect(crossings(graph, (f) => f.startsWith('protocol/'), outside)).toEqual([]);
  });

  it('treats the simulator as a device: only the composition root starts it', () => {
    const root = new Set(['server/main.ts', 'server/app.ts', 'server/realtime.ts']);
    const outside = (f: string) => f.startsWith('server/') && !f.startsWith('server/sim/');
    const found = crossings(graph, outside, (f) => f.startsWith('server/sim/'));
    expect(found.filter((c) => !root.has(c.split(' → ')[0] ?? ''))).toEqual([]);
  });

  it('gives the fleet a room of its own, which the telemetry link reaches through one door', () => {
    const fleet = (f: string) => f.startsWith('src/fleet/');
    const link = (f: string) => f.startsWith('src/telemetry/');
    expect(crossings(graph, fleet, link)).toEqual([]);
    const door = (c: string) => c.endsWith(' → src/fleet/fleet.ts');
    expect(crossings(graph, link, fleet).filter((c) => !door(c))).toEqual([]);
    expect(crossings(graph, link, fleet).length).toBeGreaterThan(0);
    // The stores are the room's own: the rest of the console reads them through that door.
    const outside = (f: string) => f.startsWith('src/') && !fleet(f);
    expect(crossings(graph, outside, (f) => f.startsWith('src/fleet/store/'))).toEqual([]);
  });

  it('gives the API layer one door: the client, wired once in src/api/http.ts', () => {
    const api = (f: string) => f.startsWith('src/api/') && f !== 'src/api/http.ts';
    expect(crossings(graph, api, (f) => f.startsWith('src/state/'))).toEqual([]);
    const rawCalls = [...graph.keys()]
      .filter((f) => f.startsWith('src/') && f !== 'src/api/http.ts')
      .filter((f) => /\bnew XMLHttpRequest\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(rawCalls).toEqual([]);
  });

  it('names each i18n namespace after the folder that owns its strings', () => {
    const text = readFileSync(join(ROOT, 'src/i18n/resources.ts'), 'utf8');
    const owned = [
      ...text.matchAll(/^import (\w+) from '\.\.\/(pages|components)\/(\w+)\/i18n\.ts';$/gm),
    ];
    expect(owned.length).toBeGreaterThan(20);
    const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
    const misnamed = owned
      .filter(([, namespace, , folder]) => namespace !== lowerFirst(folder ?? ''))
      .map(
        ([, namespace, room, folder]) => `${namespace ?? ''} ← src/${room ?? ''}/${folder ?? ''}`,
      );
    expect(misnamed).toEqual([]);
  });

  it('keeps no per-app state in module registries keyed by the database handle', () => {
    // Such state comes from the composition root (AppDeps, the sink's options), so the routes and
    // ingestion of one app share one instance and nothing reaches it through `db` alone.
    const registries = [...graph.keys()]
      .filter((f) => f.startsWith('server/'))
      .filter((f) => /\b(?:Weak)?Map<\s*Db\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(registries).toEqual([]);
  });

  it('keeps the console and the server apart', () => {
    const console = (f: string) => f.startsWith('src/');
    const server = (f: string) => f.startsWith('server/');
    expect(crossings(graph, console, server)).toEqual([]);
    expect(crossings(graph, server, console)).toEqual([]);
  });
});

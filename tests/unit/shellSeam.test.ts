import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The router (`src/app/routeTable.ts`) loads every page; a page that imported it back would close a
// cycle. Pages reach the shell only through `src/app/shellApi.ts`, which must load no page. These
// checks walk the static import graph (type-only imports and lazy `import()` calls do not count:
// neither loads a module when the importer runs).

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const ROUTER = join(SRC, 'app/routeTable.ts');
const SHELL_API = join(SRC, 'app/shellApi.ts');
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative modules `file` loads when it runs. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(STATIC_IMPORT)]
    .map((m) => resolve(dirname(file), m[1] ?? ''))
    .filter((path) => existsSync(path));
}

/** Every module `start` loads, directly or through others; `leaf` modules are not looked into. */
function closure(start: string, leaf: (file: string) => boolean = () => false): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!leaf(file)) queue.push(...staticImports(file));
  }
  return seen;
}

/** A page's string table (`src/pages/<page>/i18n.ts`): data the i18n resources load, not the page. */
const isStringTable = (file: string) =>
  file.startsWith(join(SRC, 'pages')) && file.endsWith('/i18n.ts');

describe('the seam between the shell and the pages', () => {
  it('finds the router through a static import (the walker itself works)', () => {
    expect(closure(join(SRC, 'app/App.tsx'))).toContain(ROUTER);
  });

  it('no page loads the router, directly or through another module', () => {
    const offenders = sourceFiles(join(SRC, 'pages')).filter((page) => closure(page).has(ROUTER));
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('the shell API loads no page (page string tables excepted)', () => {
    const pages = [...closure(SHELL_API, isStringTable)].filter(
      (f) => f.startsWith(join(SRC, 'pages')) && !isStringTable(f),
    );
    expect(pages.map((f) => relative(ROOT, f))).toEqual([]);
  });
});

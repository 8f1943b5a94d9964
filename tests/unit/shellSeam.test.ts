import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The router (`src/app/routeTable.ts`) loads every page; a page that imported it back would close a
// cycle. Pages reach the shell only through `src/app/shellApi.ts`, which must load no page. These
// checks walk the static import graph (type-only imports and lazy `import()` calls do not count:
// neither loads a module when the importer runs).
//
// Pages never import each other: each lives in its own `src/pages/<page>/` folder, and what two pages
// share lives outside `src/pages` (src/components, src/lib, src/map, src/telemetry, src/state,
// src/api, src/i18n, or the shell API).

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const ROUTER = join(SRC, 'app/routeTable.ts');
const SHELL_API = join(SRC, 'app/shellApi.ts');
const PAGES = join(SRC, 'pages');
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;
/** Any reference to another module: static, type-only, re-export or lazy `import()`. */
const ANY_IMPORT =
  /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The modules each file refers to, read once per file: every page's closure walks much the same
 * graph, and reading and matching each file again per page made one check take seconds.
 */
function importsOf(pattern: RegExp): (file: string) => string[] {
  const known = new Map<string, string[]>();
  return (file) => {
    const cached = known.get(file);
    if (cached) return cached;
    const text = readFileSync(file, 'utf8');
    const found = [...text.matchAll(pattern)]
      .map((m) => resolve(dirname(file), m[1] ?? m[2] ?? ''))
      .filter((path) => existsSync(path));
    known.set(file, found);
    return found;
  };
}

/** Relative modules `file` loads when it runs. */
const staticImports = importsOf(STATIC_IMPORT);

/** Relative modules `file` refers to in any way, whether or not they load when it runs. */
const allImports = importsOf(ANY_IMPORT);

/** The page folder (`src/pages/<page>/`) `file` lives in, or `null` outside `src/pages`. */
function pageOf(file: string): string | null {
  if (!file.startsWith(PAGES + sep)) return null;
  const parts = relative(PAGES, file).split(sep);
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

/** Every module `start` loads, directly or through others; `leaf` modules are not looked into. */
function closure(
  start: string | string[],
  leaf: (file: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const queue = typeof start === 'string' ? [start] : [...start];
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

/** Page folders with their source files. */
function pageFolders(): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const file of sourceFiles(PAGES)) {
    const page = pageOf(file);
    if (page !== null) folders.set(page, [...(folders.get(page) ?? []), file]);
  }
  return folders;
}

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

  it('the page walker sees every page folder and resolves a cross-page import', () => {
    const folders = pageFolders();
    expect(folders.size).toBeGreaterThan(10);
    expect(pageOf(join(PAGES, 'a/b/c.ts'))).toBe('a');
    expect(pageOf(join(SRC, 'map/maplibre.ts'))).toBeNull();
    const dashboard = folders.get('dashboard') ?? [];
    expect(dashboard.some((f) => allImports(f).some((g) => pageOf(g) === 'dashboard'))).toBe(true);
  });

  it('no page imports a file of another page (pages never import each other)', () => {
    const offenders = sourceFiles(PAGES).flatMap((file) =>
      allImports(file)
        .filter((target) => {
          const page = pageOf(target);
          return page !== null && page !== pageOf(file);
        })
        .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no page loads another page through shared modules (page string tables excepted)', () => {
    const offenders = [...pageFolders()].flatMap(([page, files]) =>
      [...closure(files, isStringTable)]
        .filter((f) => !isStringTable(f) && pageOf(f) !== null && pageOf(f) !== page)
        .map((f) => `${page} -> ${relative(ROOT, f)}`),
    );
    expect(offenders).toEqual([]);
  });
});

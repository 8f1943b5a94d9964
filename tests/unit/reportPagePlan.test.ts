import { describe, expect, it } from 'vitest';
import { planPages } from '../../src/lib/report/pagePlan.ts';

describe('cutting a report capture into pages', () => {
  it('keeps a short capture on one page', () => {
    expect(planPages(300, 1000, [100, 200])).toEqual([{ top: 0, height: 300 }]);
  });

  it('cuts on the last row edge that fits, never through a row', () => {
    // Rows 40 px tall: edges at 40, 80, …; a 100 px page holds two whole rows.
    const rows = Array.from({ length: 10 }, (_, i) => (i + 1) * 40);
    const pages = planPages(400, 100, rows);
    expect(pages.map((p) => p.top)).toEqual([0, 80, 160, 240, 320]);
    for (const { top, height } of pages) {
      expect(rows.includes(top + height) || top + height === 400).toBe(true);
      expect(height).toBeLessThanOrEqual(100);
    }
    expect(pages.reduce((sum, p) => sum + p.height, 0)).toBe(400);
  });

  it('cuts where the page ends when one block is taller than a page', () => {
    expect(planPages(250, 100, [])).toEqual([
      { top: 0, height: 100 },
      { top: 100, height: 100 },
      { top: 200, height: 50 },
    ]);
  });

  it('repeats a table header on the pages the table continues onto, with room for it', () => {
    // A title block down to 60, then a table: header 60–80, rows of 20 px down to 300, a note below.
    const rows = Array.from({ length: 12 }, (_, i) => 80 + (i + 1) * 20);
    const head = { top: 60, height: 20, tableBottom: 320 };
    const pages = planPages(360, 100, [60, 80, ...rows, 360], [head]);
    expect(pages[0]).toEqual({ top: 0, height: 100 });
    expect(pages[1]).toEqual({ top: 100, height: 80, head: { top: 60, height: 20 } });
    for (const p of pages.slice(1))
      expect(p.height + (p.head?.height ?? 0)).toBeLessThanOrEqual(100);
    // Below the table nothing repeats.
    const last = pages[pages.length - 1];
    expect(last?.top).toBeGreaterThanOrEqual(320);
    expect(last?.head).toBeUndefined();
  });

  it('answers no pages for an empty capture', () => {
    expect(planPages(0, 100, [])).toEqual([]);
  });
});

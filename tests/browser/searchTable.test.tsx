import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pagerItems } from '../../src/components/SearchTable/Pagination.tsx';
import { isModelEmpty, toQuery } from '../../src/components/SearchTable/searchModel.ts';
import type { SearchField, TableQuery } from '../../src/components/SearchTable/types.ts';
import {
  useSearchTable,
  type SearchTableController,
} from '../../src/components/SearchTable/useSearchTable.ts';
import { SearchTable } from '../../src/components/SearchTable/SearchTable.tsx';
import { initI18n, setLanguage } from '../../src/i18n/index.ts';

/** Runs `fn` inside act() and lets the promises it started settle. */
const settle = (fn: () => unknown) =>
  act(async () => {
    fn();
    await Promise.resolve();
  });

const FIELDS: SearchField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'when', label: 'When', type: 'daterange', rangeNames: ['startTime', 'endTime'] },
  { name: 'span', label: 'Span', type: 'datetimerange' },
];

describe('search model', () => {
  it('knows an empty model', () => {
    expect(isModelEmpty({})).toBe(true);
    expect(isModelEmpty({ name: '', when: [null, null], tags: [] })).toBe(true);
    expect(isModelEmpty({ n: 0 })).toBe(false);
  });

  it('builds the query: page, size, non-empty fields, ranges split into their two names', () => {
    const q = toQuery(
      FIELDS,
      { name: 'x', when: ['2026-01-01', '2026-01-31'], span: ['a', 'b'], other: '' },
      2,
      20,
    );
    expect(q).toEqual({
      current: 2,
      size: 20,
      name: 'x',
      startTime: '2026-01-01',
      endTime: '2026-01-31',
      span: ['a', 'b'],
    });
  });

  it('lays the pager out with gaps', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(5, 10)).toEqual([1, 0, 4, 5, 6, 0, 10]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('the table hook and component', () => {
  let root: Root | null = null;
  let host: HTMLDivElement;
  beforeAll(async () => {
    await initI18n();
    // Files share the page's local storage: a language another file left there must not decide.
    await setLanguage('zh-CN');
  });
  afterEach(() => {
    act(() => root?.unmount());
    host.remove();
  });

  async function mount(
    request: (q: TableQuery) => Promise<{ data: { id: number }[]; total: number }>,
  ) {
    const ref: { table: SearchTableController<{ id: number }> | null } = { table: null };
    function Harness() {
      const table = useSearchTable({ fields: FIELDS, request });
      ref.table = table;
      return (
        <SearchTable
          table={table}
          fields={FIELDS}
          columns={[{ key: 'id', title: 'Id' }]}
          rowKey={(r) => r.id}
        />
      );
    }
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    await settle(() => root?.render(<Harness />));
    const get = () => {
      if (!ref.table) throw new Error('not mounted');
      return ref.table;
    };
    return get;
  }

  it('goes back to page 1 on search and on a page-size change; reset acts only when needed', async () => {
    const asked: TableQuery[] = [];
    const table = await mount((q) => {
      asked.push(q);
      return Promise.resolve({ data: [{ id: q.current }], total: 95 });
    });
    expect(asked).toEqual([{ current: 1, size: 10 }]);
    await settle(() => table().setPage(4));
    expect(table().current).toBe(4);
    await settle(() => table().setField('name', 'abc'));
    await settle(() => table().search());
    expect(asked.at(-1)).toEqual({ current: 1, size: 10, name: 'abc' });
    await settle(() => table().setPage(3));
    await settle(() => table().setSize(50));
    expect(asked.at(-1)).toEqual({ current: 1, size: 50, name: 'abc' });
    await settle(() => void table().reset());
    expect(asked.at(-1)).toEqual({ current: 1, size: 50 });
    const count = asked.length;
    let acted = true;
    await settle(() => {
      acted = table().reset();
    });
    expect(acted).toBe(false);
    expect(asked.length).toBe(count);
    expect(host.textContent).toContain('共 95 条');
  });

  it('shows the empty and the error states', async () => {
    let fail = false;
    const table = await mount(() =>
      fail ? Promise.reject(new Error('x')) : Promise.resolve({ data: [], total: 0 }),
    );
    expect(table().status).toBe('ready');
    expect(host.textContent).toContain('暂无数据');
    fail = true;
    await settle(() => table().refresh());
    expect(table().status).toBe('error');
    expect(host.textContent).toContain('数据加载失败');
  });

  it('follows a live change in the background: the rows stay, usable, with no overlay', async () => {
    let answer: (rows: { id: number }[]) => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    let asked = 0;
    const table = await mount(() => {
      asked += 1;
      if (asked === 1) return Promise.resolve({ data: [{ id: 7 }], total: 1 });
      return new Promise((resolve, reject) => {
        answer = (rows) => resolve({ data: rows, total: rows.length });
        fail = reject;
      });
    });
    const overlay = () => host.querySelector('.sd-table-overlay');
    await settle(() => table().follow());
    expect(asked).toBe(2);
    expect(table().status).toBe('refreshing');
    expect(overlay()).toBeNull();
    expect(host.querySelector('tbody')?.textContent).toBe('7');
    expect(host.querySelector('.sd-table-body')?.getAttribute('aria-busy')).toBe('true');
    await settle(() => answer([{ id: 8 }, { id: 7 }]));
    expect(table().status).toBe('ready');
    expect(host.querySelector('tbody')?.textContent).toBe('87');

    // A failed background read keeps what was shown; one the user asked for says it failed.
    await settle(() => table().follow());
    await settle(() => fail(new Error('offline')));
    expect(table().status).toBe('ready');
    expect(host.querySelector('tbody')?.textContent).toBe('87');
    await settle(() => table().refresh());
    expect(table().status).toBe('loading');
    expect(overlay()).not.toBeNull();
    await settle(() => fail(new Error('offline')));
    expect(table().status).toBe('error');

    // A page change shows the overlay even right after a background read started.
    await settle(() => table().follow());
    await settle(() => table().setPage(2));
    expect(table().status).toBe('loading');
  });
});

import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, isModelEmpty, toQuery } from './searchModel.ts';
import type { SearchField, SearchModel, SearchValue, TableRequest } from './types.ts';

export type TableStatus = 'loading' | 'ready' | 'error';

interface Options<T> {
  fields: readonly SearchField[];
  request: TableRequest<T>;
  pageSize?: number;
}

/** What one load asks for; a new object per load, so an answer can say which load it belongs to. */
interface Ask {
  search: SearchModel;
  current: number;
  size: number;
  nonce: number;
}

interface Answer<T> {
  ask: Ask | null;
  rows: T[];
  total: number;
  ok: boolean;
}

/**
 * The headless searchable table: the search model being edited, the applied search, paging, and the
 * rows of the last answer. A search or a page-size change goes back to page 1; reset acts only when
 * the model holds something (spec §4).
 */
export function useSearchTable<T>({ fields, request, pageSize = DEFAULT_PAGE_SIZE }: Options<T>) {
  const [model, setModel] = useState<SearchModel>({});
  const [applied, setApplied] = useState<SearchModel>({});
  const [paging, setPaging] = useState({ current: 1, size: pageSize });
  const [nonce, setNonce] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({ ask: null, rows: [], total: 0, ok: true });
  const ask = useMemo<Ask>(() => ({ search: applied, ...paging, nonce }), [applied, paging, nonce]);

  // Callers pass `request` and `fields` inline; reading them through an effect event keeps a new
  // function identity from starting a new load on every render.
  const load = useEffectEvent((next: Ask, isCurrent: () => boolean) => {
    const settle = (a: Omit<Answer<T>, 'ask'>) => {
      if (isCurrent()) setAnswer({ ask: next, ...a });
    };
    request(toQuery(fields, next.search, next.current, next.size))
      .then((page) => settle({ rows: page.data, total: page.total, ok: true }))
      .catch(() => settle({ rows: [], total: 0, ok: false }));
  });

  useEffect(() => {
    // An answer that arrives after a newer load started is dropped, so the table never goes back.
    let current = true;
    load(ask, () => current);
    return () => {
      current = false;
    };
  }, [ask]);

  const setField = useCallback((name: string, value: SearchValue) => {
    setModel((m) => ({ ...m, [name]: value }));
  }, []);

  const status: TableStatus = answer.ask !== ask ? 'loading' : answer.ok ? 'ready' : 'error';
  return {
    model,
    ...paging,
    rows: answer.rows,
    total: answer.total,
    status,
    setField,
    search: () => {
      setApplied({ ...model });
      setPaging((p) => ({ ...p, current: 1 }));
    },
    /** Clears the model and searches again, but only when there was something to clear. */
    reset: () => {
      if (isModelEmpty(model)) return false;
      setModel({});
      setApplied({});
      setPaging((p) => ({ ...p, current: 1 }));
      return true;
    },
    setPage: (current: number) => setPaging((p) => ({ ...p, current })),
    setSize: (size: number) => setPaging({ current: 1, size }),
    refresh: () => setNonce((n) => n + 1),
  };
}

export type SearchTableController<T> = ReturnType<typeof useSearchTable<T>>;

import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, isModelEmpty, toQuery } from './searchModel.ts';
import type { SearchField, SearchModel, SearchValue, TableRequest } from './types.ts';

/** `refreshing`: read again in the background, the rows of the last answer still shown and usable. */
export type TableStatus = 'loading' | 'refreshing' | 'ready' | 'error';

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
  /** Read again because something changed elsewhere, not because the user asked (see `follow`). */
  quiet: boolean;
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
  const [reload, setReload] = useState({ nonce: 0, quiet: false });
  const [answer, setAnswer] = useState<Answer<T>>({ ask: null, rows: [], total: 0, ok: true });
  const ask = useMemo<Ask>(
    () => ({ search: applied, ...paging, ...reload }),
    [applied, paging, reload],
  );

  // Callers pass `request` and `fields` inline; reading them through an effect event keeps a new
  // function identity from starting a new load on every render.
  const load = useEffectEvent((next: Ask, isCurrent: () => boolean) => {
    const settle = (a: Omit<Answer<T>, 'ask'>) => {
      if (isCurrent()) setAnswer({ ask: next, ...a });
    };
    request(toQuery(fields, next.search, next.current, next.size))
      .then((page) => settle({ rows: page.data, total: page.total, ok: true }))
      .catch(() => {
        // A background read that failed keeps the rows shown (the client toasted the failure).
        if (next.quiet && isCurrent()) setAnswer((last) => ({ ...last, ask: next }));
        else settle({ rows: [], total: 0, ok: false });
      });
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

  const refresh = useCallback(() => setReload((r) => ({ nonce: r.nonce + 1, quiet: false })), []);
  const follow = useCallback(() => setReload((r) => ({ nonce: r.nonce + 1, quiet: true })), []);
  const status: TableStatus =
    answer.ask === ask
      ? answer.ok
        ? 'ready'
        : 'error'
      : ask.quiet && answer.ok && sameRows(answer.ask, ask)
        ? 'refreshing'
        : 'loading';
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
    /** Reads again with the overlay: the user asked. */
    refresh,
    /**
     * Reads again in the background (a live event says the rows changed): the rows shown stay
     * clickable, with no overlay that would swallow a click every time the list moves.
     */
    follow,
  };
}

/** True when `b` asks for the same search and page as `a` (only a reload apart). */
function sameRows(a: Ask | null, b: Ask): boolean {
  return a !== null && a.search === b.search && a.current === b.current && a.size === b.size;
}

export type SearchTableController<T> = ReturnType<typeof useSearchTable<T>>;

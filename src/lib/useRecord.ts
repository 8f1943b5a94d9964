import { useState } from 'react';
import type { RefObject } from 'react';
import { useLatest } from './useLatest.ts';

/** One record of a page, read by id. */
export interface RecordRead<T> {
  /** `null` while the first read for this id is out, `'missing'` when the server refused it. */
  value: T | null | 'missing';
  /** Reads it again (a ref: stable for effects, always reading the current id). */
  read: RefObject<() => Promise<void>>;
  /** Changes the record in place (a pushed update), unless it is missing or of another id. */
  patch: (change: (value: T) => T) => void;
}

/**
 * The record `id` as `fetch` answers it. An answer for an id the page has left meanwhile is
 * dropped, so a slow read of the previous record never replaces the current one.
 */
export function useRecord<T>(id: number, fetch: (id: number) => Promise<T>): RecordRead<T> {
  const [answer, setAnswer] = useState<{ id: number; value: T | 'missing' } | null>(null);
  const shown = useLatest(id);
  const read = useLatest(() => {
    const keep = (value: T | 'missing') => {
      if (shown.current === id) setAnswer({ id, value });
    };
    return fetch(id).then(keep, () => keep('missing'));
  });
  return {
    value: answer?.id === id ? answer.value : null,
    read,
    patch: (change) =>
      setAnswer((before) =>
        before?.id === id && before.value !== 'missing'
          ? { id, value: change(before.value) }
          : before,
      ),
  };
}

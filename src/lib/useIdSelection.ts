import { useMemo, useState } from 'react';

/**
 * Rows picked by id for a bulk action (AI alarms, feature points). The set keeps the order of
 * picking: a wayline drawn through picked points starts at the first one picked.
 */
export interface IdSelection {
  size: number;
  set: ReadonlySet<number>;
  has: (id: number) => boolean;
  toggle: (id: number) => void;
  add: (ids: readonly number[]) => void;
  drop: (ids: readonly number[]) => void;
  /** Picks (`on`) or unpicks every id of a page at once. */
  setPage: (ids: readonly number[], on: boolean) => void;
  /** In the order picked. */
  ids: () => number[];
  clear: () => void;
}

export function useIdSelection(): IdSelection {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  return useMemo(() => {
    const add = (ids: readonly number[]) => setPicked((old) => new Set([...old, ...ids]));
    const drop = (ids: readonly number[]) =>
      setPicked((old) => new Set([...old].filter((id) => !ids.includes(id))));
    return {
      size: picked.size,
      set: picked,
      has: (id: number) => picked.has(id),
      toggle: (id: number) =>
        setPicked((old) => {
          const next = new Set(old);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      add,
      drop,
      setPage: (ids: readonly number[], on: boolean) => (on ? add(ids) : drop(ids)),
      ids: () => [...picked],
      clear: () => setPicked(new Set()),
    };
  }, [picked]);
}

import { useMemo, useState } from 'react';

/** The points picked for a wayline or for deletion. */
export interface Selection {
  size: number;
  set: ReadonlySet<number>;
  has(id: number): boolean;
  toggle(id: number): void;
  add(ids: readonly number[]): void;
  drop(ids: readonly number[]): void;
  ids(): number[];
  clear(): void;
}

export function useSelection(): Selection {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  return useMemo(
    () => ({
      size: picked.size,
      set: picked,
      has: (id: number) => picked.has(id),
      toggle: (id: number) =>
        setPicked((old) => {
          const next = new Set(old);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      add: (ids: readonly number[]) => setPicked((old) => new Set([...old, ...ids])),
      drop: (ids: readonly number[]) =>
        setPicked((old) => new Set([...old].filter((id) => !ids.includes(id)))),
      // In the order picked: the first one is where the wayline starts.
      ids: () => [...picked],
      clear: () => setPicked(new Set()),
    }),
    [picked],
  );
}

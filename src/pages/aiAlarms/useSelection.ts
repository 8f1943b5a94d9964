import { useMemo, useState } from 'react';
import type { Selection } from './useAralmColumns.tsx';

/** The ids picked for a bulk action. */
export function useSelection(): Selection & { size: number } {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  return useMemo(
    () => ({
      size: picked.size,
      has: (id: number) => picked.has(id),
      toggle: (id: number) =>
        setPicked((old) => {
          const next = new Set(old);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      setPage: (ids: readonly number[], on: boolean) =>
        setPicked((old) => {
          const next = new Set(old);
          for (const id of ids)
            if (on) next.add(id);
            else next.delete(id);
          return next;
        }),
      ids: () => [...picked],
      clear: () => setPicked(new Set()),
    }),
    [picked],
  );
}

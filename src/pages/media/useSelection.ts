import { useCallback, useMemo, useState } from 'react';
import type { MediaFile } from '../../../protocol/media.ts';

/**
 * The files the user ticked, kept by id with their rows so a selection can span pages and the zip
 * can name what it holds. A `Map` keeps the order of ticking, which is the order files are zipped.
 */
export function useSelection(pageRows: readonly MediaFile[]) {
  const [picked, setPicked] = useState<ReadonlyMap<number, MediaFile>>(new Map());
  const toggle = useCallback((file: MediaFile) => {
    setPicked((old) => {
      const next = new Map(old);
      if (next.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });
  }, []);
  const pageState = useMemo(() => {
    const on = pageRows.filter((f) => picked.has(f.id)).length;
    return { all: on > 0 && on === pageRows.length, some: on > 0 && on < pageRows.length };
  }, [pageRows, picked]);
  const togglePage = useCallback(() => {
    setPicked((old) => {
      const next = new Map(old);
      const allOn = pageRows.length > 0 && pageRows.every((f) => next.has(f.id));
      for (const f of pageRows) {
        if (allOn) next.delete(f.id);
        else next.set(f.id, f);
      }
      return next;
    });
  }, [pageRows]);
  const clear = useCallback(() => setPicked(new Map()), []);
  return {
    picked,
    ids: [...picked.keys()],
    isPicked: (id: number) => picked.has(id),
    toggle,
    togglePage,
    clear,
    ...pageState,
  };
}

export type Selection = ReturnType<typeof useSelection>;

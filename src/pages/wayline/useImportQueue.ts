import { useCallback, useEffect, useRef, useState } from 'react';
import { WAYLINE_MAX_UPLOAD_BYTES, type Wayline } from '../../../protocol/waylines.ts';
import { uploadWayline } from '../../api/waylines.ts';

/** One file of an import and how far it got. */
export interface ImportItem {
  id: number;
  file: File;
  state: 'waiting' | 'uploading' | 'checking' | 'done' | 'failed';
  /** 0–1 of the bytes sent. */
  progress: number;
  /** Why it failed: a local check (`notKmz`, `tooBig`) or the server's message. */
  problem?: { local: 'notKmz' | 'tooBig' } | { server: string };
  wayline?: Wayline;
}

const MAX_UPLOAD_MB = WAYLINE_MAX_UPLOAD_BYTES / 1024 / 1024;
export { MAX_UPLOAD_MB };

function localProblem(file: File): ImportItem['problem'] {
  if (!/\.kmz$/i.test(file.name)) return { local: 'notKmz' };
  if (file.size > WAYLINE_MAX_UPLOAD_BYTES) return { local: 'tooBig' };
  return undefined;
}

/**
 * The files of an import, sent one at a time (the server parses each in full; one at a time keeps
 * a large batch from crowding out everyone else's requests). `onImported` runs after each success.
 */
export function useImportQueue(workspaceId: number | null, onImported: (w: Wayline) => void) {
  const [items, setItems] = useState<ImportItem[]>([]);
  const nextId = useRef(1);
  const busy = useRef(false);
  // Counts finished uploads: the effect that starts the next file must run again when one ends,
  // and the waiting file it would pick is still the same object then.
  const [finished, setFinished] = useState(0);
  const patch = (id: number, change: Partial<ImportItem>) =>
    setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));

  const add = useCallback((files: readonly File[]) => {
    const added = files.map((file): ImportItem => {
      const problem = localProblem(file);
      return {
        id: nextId.current++,
        file,
        progress: 0,
        state: problem ? 'failed' : 'waiting',
        problem,
      };
    });
    setItems((all) => [...all, ...added]);
  }, []);

  const waiting = items.find((i) => i.state === 'waiting');
  useEffect(() => {
    if (!waiting || busy.current || workspaceId === null) return;
    busy.current = true;
    const { id, file } = waiting;
    patch(id, { state: 'uploading' });
    void uploadWayline(file, workspaceId, (progress) =>
      patch(id, { progress, state: progress >= 1 ? 'checking' : 'uploading' }),
    ).then((result) => {
      busy.current = false;
      if (result.ok) {
        patch(id, { state: 'done', progress: 1, wayline: result.value });
        onImported(result.value);
      } else patch(id, { state: 'failed', problem: { server: result.message } });
      setFinished((n) => n + 1);
    });
  }, [waiting, workspaceId, onImported, finished]);

  const clearFinished = () =>
    setItems((all) => all.filter((i) => i.state !== 'done' && i.state !== 'failed'));
  const running = items.some(
    (i) => i.state === 'waiting' || i.state === 'uploading' || i.state === 'checking',
  );
  return { items, add, clearFinished, running };
}

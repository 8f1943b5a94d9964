import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InterchangePreview } from '../../../protocol/waylineInterchange.ts';
import { INTERCHANGE_DEFAULT_HEIGHT } from '../../../protocol/waylineInterchange.ts';
import type { Wayline } from '../../../protocol/waylines.ts';
import { toastError } from '../../app/shellApi.ts';
import { importInterchange, previewInterchange, type ImportChoices } from './interchangeApi.ts';

/** One file from another tool and how far it got. */
export interface InterchangeItem {
  id: number;
  file: File;
  /** `choose`: waiting for the aircraft to be picked; `ready`: previewed, waiting for the user. */
  state: 'choose' | 'previewing' | 'ready' | 'importing' | 'done' | 'failed';
  preview?: InterchangePreview;
  /** The choices the preview was made with: the import sends the same. */
  previewedWith?: ImportChoices;
  /** The server's words for a refusal. */
  problem?: string;
  created?: Wayline[];
}

/** The choices of the dialog; no aircraft until the user picks one. */
export interface DraftChoices extends Omit<ImportChoices, 'drone'> {
  drone: string | null;
}

const sameChoices = (a: ImportChoices | undefined, b: ImportChoices) =>
  a?.drone === b.drone && a.height === b.height && a.altitude === b.altitude;

/**
 * KML, KMZ and GeoJSON files of an import: each previewed by the server with the dialog's choices
 * (again when they change), then imported on the user's word with the choices it was previewed
 * with. Previews go one at a time, like the KMZ queue, so a batch does not crowd out everyone
 * else's requests. Refusals are toasted with the server's words and kept on the file's row.
 */
export function useInterchangeImports(
  workspaceId: number | null,
  onImported: (w: Wayline) => void,
) {
  const [items, setItems] = useState<InterchangeItem[]>([]);
  const [choices, setChoices] = useState<DraftChoices>({
    drone: null,
    height: INTERCHANGE_DEFAULT_HEIGHT,
    altitude: 'file',
  });
  const nextId = useRef(1);
  const busy = useRef(false);
  // Counts finished previews: the effect that starts the next one must run again when one ends,
  // and the stale file it would pick is still the same object then.
  const [finished, setFinished] = useState(0);
  const patch = (id: number, change: Partial<InterchangeItem>) =>
    setItems((all) => all.map((i) => (i.id === id ? { ...i, ...change } : i)));

  const add = useCallback((files: readonly File[]) => {
    if (files.length === 0) return;
    const added = files.map((file): InterchangeItem => ({
      id: nextId.current++,
      file,
      state: 'choose',
    }));
    setItems((all) => [...all, ...added]);
  }, []);

  const { drone, height, altitude } = choices;
  const current = useMemo(
    (): ImportChoices | null => (drone === null ? null : { drone, height, altitude }),
    [drone, height, altitude],
  );
  // The next file whose preview is missing or was made with other choices.
  const stale = current
    ? items.find(
        (i) =>
          (i.state === 'choose' || i.state === 'ready' || (i.state === 'failed' && !i.created)) &&
          !sameChoices(i.previewedWith, current),
      )
    : undefined;
  useEffect(() => {
    if (!stale || !current || busy.current || workspaceId === null) return;
    busy.current = true;
    const { id, file } = stale;
    patch(id, { state: 'previewing', previewedWith: current, problem: undefined });
    void previewInterchange(file, workspaceId, current).then((result) => {
      busy.current = false;
      if (result.ok) patch(id, { state: 'ready', preview: result.value });
      else {
        toastError(`${file.name}: ${result.message}`);
        patch(id, { state: 'failed', problem: result.message, preview: undefined });
      }
      setFinished((n) => n + 1);
    });
  }, [stale, current, workspaceId, finished]);

  const create = (item: InterchangeItem) => {
    const used = item.previewedWith;
    if (!used || workspaceId === null) return;
    patch(item.id, { state: 'importing' });
    void importInterchange(item.file, workspaceId, used).then((result) => {
      if (result.ok) {
        patch(item.id, { state: 'done', created: result.value.waylines });
        result.value.waylines.forEach(onImported);
      } else {
        toastError(`${item.file.name}: ${result.message}`);
        patch(item.id, { state: 'failed', problem: result.message });
      }
    });
  };

  const clearFinished = () =>
    setItems((all) => all.filter((i) => i.state !== 'done' && i.state !== 'failed'));
  return { items, add, choices, setChoices, create, clearFinished };
}

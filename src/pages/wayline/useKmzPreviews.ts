import { useCallback, useState } from 'react';
import { WAYLINE_MAX_UPLOAD_BYTES } from '../../../protocol/waylines.ts';
import { previewKmz, type PreviewResult } from '../../lib/route/kmzPreview.ts';

type Refused = PreviewResult & { ok: false };

/**
 * Reads chosen KMZ files in the browser before they are queued: a file the preview refuses is shown
 * with its reason and never sent; the rest go to the upload queue with their preview. A KMZ with no
 * DJI route inside (Google Earth's, FlightHub 2's areas) goes to `foreign`, the import of other
 * tools' files. Files the queue refuses by name or size on its own are passed through unread.
 */
export function useKmzPreviews(
  enqueue: (files: readonly File[]) => void,
  foreign: (files: readonly File[]) => void,
) {
  const [previews, setPreviews] = useState(() => new Map<File, PreviewResult>());
  const [refused, setRefused] = useState<{ file: File; result: Refused }[]>([]);
  const choose = useCallback(
    (files: readonly File[]) => {
      void Promise.all(
        files.map(async (file) => {
          if (!/\.kmz$/i.test(file.name) || file.size > WAYLINE_MAX_UPLOAD_BYTES)
            return { file, result: undefined };
          const bytes = new Uint8Array(await file.arrayBuffer());
          return { file, result: previewKmz(bytes) };
        }),
      ).then((all) => {
        const isForeign = (r: (typeof all)[number]) =>
          r.result?.ok === false && r.result.problem === 'noWaylines';
        foreign(all.filter(isForeign).map((r) => r.file));
        const read = all.filter((r) => !isForeign(r));
        setPreviews((old) => {
          const next = new Map(old);
          for (const r of read) if (r.result?.ok) next.set(r.file, r.result);
          return next;
        });
        setRefused((old) => [
          ...old,
          ...read.flatMap((r) =>
            r.result && !r.result.ok ? [{ file: r.file, result: r.result }] : [],
          ),
        ]);
        enqueue(read.filter((r) => r.result === undefined || r.result.ok).map((r) => r.file));
      });
    },
    [enqueue, foreign],
  );
  return { previews, refused, choose };
}

import dayjs from 'dayjs';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadZip } from '../../api/media.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { saveBlob } from '../../lib/saveBlob.ts';

/** A zip under way: bytes so far and the sum of the files (0 until the server says). */
export interface ZipRun {
  received: number;
  total: number;
}

/** Streams the zip of the chosen files with progress; `cancel` aborts the transfer. */
export function useZipDownload(workspaceId: number | undefined) {
  const { t } = useTranslation('media');
  const [run, setRun] = useState<ZipRun | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    async (ids: number[]) => {
      if (workspaceId === undefined || ids.length === 0 || abort.current !== null) return;
      const controller = new AbortController();
      abort.current = controller;
      setRun({ received: 0, total: 0 });
      const outcome = await downloadZip(
        { workspace_id: workspaceId, ids },
        controller.signal,
        (received, total) => setRun({ received, total }),
      );
      abort.current = null;
      setRun(null);
      switch (outcome.kind) {
        case 'done':
          saveBlob(outcome.blob, t('zip.fileName', { date: dayjs().format('YYYYMMDD-HHmmss') }));
          toastSuccess(t('zip.done', { count: ids.length }));
          return;
        case 'canceled':
          toastSuccess(t('zip.canceled'));
          return;
        case 'failed':
          toastError(outcome.message);
          return;
      }
    },
    [t, workspaceId],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { run, start, cancel };
}

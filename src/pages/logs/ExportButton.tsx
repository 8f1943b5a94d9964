import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/createClient.ts';
import { fetchLogsCsv, logsFileName } from '../../api/logs.ts';
import { saveBlob } from '../../lib/saveBlob.ts';
import { toastError, toastSuccess } from '../../app/toaster.ts';

/** Downloads the entries of the applied filter as `logs-YYYYMMDD-HHmmss.csv`. */
export function ExportButton({ filters }: { filters: () => Query }) {
  const { t } = useTranslation('logs');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = logsFileName();
      saveBlob(await fetchLogsCsv(filters()), file);
      toastSuccess(t('exported', { file }));
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('unknownError', { ns: 'common' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon="export"
      text={t('export')}
      loading={busy}
      data-testid="logs-export"
      onClick={() => void run()}
    />
  );
}

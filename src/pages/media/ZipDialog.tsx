import { Button, Dialog, DialogBody, DialogFooter, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format.ts';
import type { ZipRun } from './useZipDownload.ts';

/** The progress of a streamed zip with its cancel button; it closes itself when the run ends. */
export function ZipDialog({ run, onCancel }: { run: ZipRun | null; onCancel: () => void }) {
  const { t } = useTranslation('media');
  const fraction = run && run.total > 0 ? Math.min(1, run.received / run.total) : undefined;
  const words =
    run === null || run.received === 0
      ? t('zip.preparing')
      : run.total > 0
        ? t('zip.progress', {
            received: formatBytes(run.received),
            total: formatBytes(run.total),
          })
        : t('zip.progressUnknown', { received: formatBytes(run.received) });
  return (
    <Dialog
      isOpen={run !== null}
      title={t('zip.title')}
      icon="compressed"
      isCloseButtonShown={false}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      data-testid="media-zip"
    >
      <DialogBody>
        <ProgressBar
          intent="primary"
          value={fraction}
          animate={fraction === undefined}
          stripes={fraction === undefined}
        />
        <p className="sd-media-zip-words" data-testid="media-zip-words">
          {words}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button text={t('zip.cancel')} onClick={onCancel} data-testid="media-zip-cancel" />
        }
      />
    </Dialog>
  );
}

import { Callout, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UploadStage } from './useUploadForm.ts';

/**
 * How far the upload has got (sent, then checked by the server) or, once refused, the server's
 * reason as it said it; nothing while the form is being filled in.
 */
export function UploadStatus({ stage }: { stage: UploadStage }) {
  const { t } = useTranslation('aiModels');
  if (stage.kind === 'sending')
    return (
      <div className="sd-model-upload__progress" data-testid="model-upload-progress">
        <ProgressBar value={stage.fraction} intent="primary" animate={stage.fraction < 1} />
        <span>
          {stage.fraction < 1
            ? t('upload.sending', { pct: Math.round(stage.fraction * 100) })
            : t('upload.checking')}
        </span>
      </div>
    );
  if (stage.kind === 'failed')
    return (
      <Callout intent="danger" data-testid="model-upload-error">
        {stage.message}
      </Callout>
    );
  return null;
}

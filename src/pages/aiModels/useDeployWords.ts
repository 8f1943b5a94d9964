import { useTranslation } from 'react-i18next';
import type { Intent } from '@blueprintjs/core';
import type { ModelDeployment } from '../../../protocol/models.ts';
import { MODEL_DEPLOY_CODES } from '../../../protocol/models.ts';

const INTENTS: Record<ModelDeployment['state'], Intent> = {
  pending: 'none',
  downloading: 'primary',
  deployed: 'success',
  failed: 'danger',
  replaced: 'none',
  removing: 'warning',
  removed: 'none',
};

/** Whether a deployment may still change (the page keeps polling while one may). */
export const isLive = (d: ModelDeployment) =>
  d.state === 'pending' || d.state === 'downloading' || d.state === 'removing';

/** Whether the device runs the model or is getting it: it may be undeployed. */
export const isRunning = (d: ModelDeployment) =>
  d.state === 'pending' || d.state === 'downloading' || d.state === 'deployed';

/** A deployment's state and, for a failure, why, in the current language. */
export function useDeployWords() {
  const { t } = useTranslation('aiModels');
  return {
    intent: (d: ModelDeployment) => INTENTS[d.state],
    state: (d: ModelDeployment) =>
      d.state === 'downloading'
        ? t('states.downloading', { pct: d.progress })
        : t(`states.${d.state}`),
    reason: (d: ModelDeployment): string => {
      // An undeploy the device refused leaves the model running, with the why.
      if (d.reason === 'undeploy_refused' || d.reason === 'undeploy_no_reply')
        return d.state === 'removed' ? '' : t(`reasons.${d.reason}`, { code: String(d.result) });
      if (d.state !== 'failed') return '';
      if (d.result === MODEL_DEPLOY_CODES.checksumMismatch) return t('reasons.checksum');
      if (d.result === MODEL_DEPLOY_CODES.downloadFailed) return t('reasons.download');
      if (d.reason === 'no_reply') return t('reasons.no_reply');
      const code = String(d.result ?? '');
      return d.reason === 'refused'
        ? t('reasons.refused', { code })
        : t('reasons.device', { code });
    },
  };
}

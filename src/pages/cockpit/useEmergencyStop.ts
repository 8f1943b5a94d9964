import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import type { StickLoop } from '../../lib/sticks/stickLoop.ts';
import type { CockpitLink } from '../../telemetry/cockpitLink.ts';
import type { CockpitFeed } from './cockpitFeed.ts';
import { estopRefusalReason } from './estopRefusal.ts';

/**
 * The emergency stop: releases the sticks and sends the stop, telling the pilot whether it left the
 * tab and, when the dock refuses it, why, since the aircraft then flies on.
 */
export function useEmergencyStop(
  feed: CockpitFeed,
  sticks: StickLoop,
  link: CockpitLink,
): () => void {
  const { t } = useTranslation('cockpit');
  // A refused stop leaves the aircraft flying: the pilot must hear it, with the reason, at once.
  useEffect(
    () =>
      feed.onStopRefused((result) =>
        toastError(
          t('estop.refused', {
            reason: t(`estop.reason.${estopRefusalReason(result)}`),
            code: result,
          }),
        ),
      ),
    [feed, t],
  );

  return useCallback(() => {
    sticks.release();
    // The toast says the stop has left this tab; a refusal by the dock is toasted when it answers.
    link.send({ method: 'drone_emergency_stop' }).then(
      () => toastSuccess(t('estop.sent')),
      () => toastError(t('estop.notSent')),
    );
  }, [sticks, t, link]);
}

/**
 * Sends one cockpit service and tells the pilot how the dock answered. The HTTP client already
 * toasts a refusal of the server (not the holder, offline…); a dock's non-zero result is toasted here,
 * in words with its code.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrcCommandInput } from '../../../protocol/drc.ts';
import { sendDrcCommand } from '../../api/drc.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { describeDeviceCode } from '../../components/TaskWords/deviceCodes.ts';

export function useCommand(): {
  busy: string | null;
  run: (input: DrcCommandInput, label: string) => Promise<boolean>;
} {
  const { t } = useTranslation('cockpit');
  const words = useTranslation('taskWords').t;
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(
    async (input: DrcCommandInput, label: string): Promise<boolean> => {
      setBusy(input.method);
      try {
        const reply = await sendDrcCommand(input);
        if (reply.result === 0) {
          toastSuccess(t('act.done', { what: label, ms: Math.round(reply.latency_ms) }));
          return true;
        }
        toastError(
          t('act.failed', { what: label, reason: describeDeviceCode(words, reply.result) }),
        );
        return false;
      } catch {
        return false;
      } finally {
        setBusy(null);
      }
    },
    [t, words],
  );
  return { busy, run };
}

/**
 * An HMS alarm of a flight in words, code in brackets. The server sends the operator table's text
 * when it has one; otherwise the console's own wording of the codes it knows (the workbench's, so an
 * alarm reads the same on both pages); otherwise "unknown error (code …)".
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseHmsCode } from '../../../protocol/alarms.ts';
import { describeHmsCode } from '../../components/TaskWords/deviceCodes.ts';

/** A function from an alarm's code and server text to the words the timeline shows. */
export function useAlarmWords(): (code: string | undefined, text: string | undefined) => string {
  const words = useTranslation('taskWords').t;
  const workbench = useTranslation('dashboard').t;
  return useCallback(
    (code = '', text) => {
      const normalised = normaliseHmsCode(code) ?? code;
      // The workbench's own table is keyed by normalised code; an unknown key answers ''.
      const own = workbench(`alarm.hms.${normalised}` as 'alarm.hms.0x1B030019', {
        defaultValue: '',
      });
      return describeHmsCode(words, normalised, text ?? (own === '' ? null : own));
    },
    [words, workbench],
  );
}

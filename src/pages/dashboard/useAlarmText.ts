/**
 * What an alarm says, in the console's language: the operator's HMS table when it has the code, our
 * own wording for the codes the simulator raises, else the decoded module and the code. Never a bare
 * event name or hex code on its own.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryWord } from '../../../protocol/aiCategoryWords.ts';
import { areaSituation } from '../../../protocol/airspace.ts';
import { fillHmsText, normaliseHmsCode, pickHmsText } from '../../../protocol/alarms.ts';
import { hmsModule } from '../../../protocol/mqtt/enums.ts';
import { requestHmsTexts, useHmsTextLookup } from '../../state/hmsTexts.ts';
import type { AlarmEntry } from '../../fleet/derive/alarms.ts';
import { alarmZh } from './dockStrings.ts';

export interface AlarmText {
  /** The alarm in words. */
  title: string;
  /** Where it comes from: module (or confidence), and the code for support calls. */
  detail: string;
}

type OwnCode = keyof typeof alarmZh.alarm.hms;

const isOwnCode = (code: string): code is OwnCode => Object.hasOwn(alarmZh.alarm.hms, code);

/** Fetches the operator-table texts of the HMS codes among `alarms` (once per code). */
export function useHmsTextRequests(alarms: readonly AlarmEntry[]): void {
  useEffect(() => {
    requestHmsTexts(alarms.filter((a) => a.source === 'hms').map((a) => a.code));
  }, [alarms]);
}

/** A function from an alarm to its text; re-renders when operator-table texts arrive. */
export function useAlarmText(): (alarm: AlarmEntry) => AlarmText {
  const { t, i18n } = useTranslation('dashboard');
  const textsOf = useHmsTextLookup();
  const english = i18n.language.startsWith('en');
  return useCallback(
    (alarm) => {
      if (alarm.airspace) {
        const { area, distance, kind, breach } = alarm.airspace;
        return {
          title: t(`alarm.airspace.${areaSituation(kind, breach)}`, {
            name: area,
            distance: Math.round(distance),
          }),
          detail: t('alarm.airspace.detail'),
        };
      }
      if (alarm.source === 'ai_alarm') {
        const percent = Math.round((alarm.confidence ?? 0) * 100);
        return {
          // The one table of category words the alarm page and notifications use too.
          title: t('alarm.ai', { category: categoryWord(alarm.code, english ? 'en' : 'zh') }),
          detail: t('alarm.confidence', { percent }),
        };
      }
      const module = t(`alarm.module.${hmsModule(alarm.module)}`);
      const text = pickHmsText(textsOf(alarm.code), {
        device_type: alarm.deviceType ?? '',
        in_the_sky: alarm.inTheSky ? 1 : 0,
      });
      const fromTable = english ? (text?.en ?? text?.zh) : (text?.zh ?? text?.en);
      const code = normaliseHmsCode(alarm.code) ?? alarm.code;
      const own = isOwnCode(code) ? t(`alarm.hms.${code}`) : null;
      const words = {
        left: t('alarm.words.left'),
        right: t('alarm.words.right'),
        front: t('alarm.words.front'),
        back: t('alarm.words.back'),
      };
      if (fromTable === undefined && own === null)
        return { title: t('alarm.fallback', { module, code: alarm.code }), detail: module };
      const title = fromTable === undefined ? own : fillHmsText(fromTable, alarm, words);
      return { title: title ?? '', detail: `${module} · ${alarm.code}` };
    },
    [t, english, textsOf],
  );
}

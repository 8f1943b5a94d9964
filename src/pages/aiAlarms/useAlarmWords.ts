import { useTranslation } from 'react-i18next';
import type { AiAlarmStatus } from '../../../protocol/aiAlarms.ts';
import { AI_CATEGORIES } from '../../../protocol/aiAlarms.ts';

const isKnown = (c: string): c is (typeof AI_CATEGORIES)[number] =>
  (AI_CATEGORIES as readonly string[]).includes(c);

/** Words for classes, levels and statuses; a class the console does not know shows as sent. */
export function useAlarmWords() {
  const { t } = useTranslation('aiAlarms');
  return {
    category: (c: string) => (isKnown(c) ? t(`categories.${c}`) : c),
    level: (l: number) => t(`levels.${String(Math.min(2, Math.max(0, l))) as '0' | '1' | '2'}`),
    status: (s: AiAlarmStatus) => t(`statuses.${s}`),
  };
}

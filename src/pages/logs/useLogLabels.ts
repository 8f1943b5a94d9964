import { useTranslation } from 'react-i18next';
import { AUDIT_WORDS, detailWords } from '../../../protocol/auditLog.ts';
import { isOneOf, LOG_ACTIONS, LOG_MODULES } from './logNames.ts';

/**
 * Labels of a log entry's module, action and fixed request summaries; a name this console does not
 * know shows as sent.
 */
export function useLogLabels() {
  const { t, i18n } = useTranslation('logs');
  return {
    module: (name: string) => (isOneOf(LOG_MODULES, name) ? t(`modules.${name}`) : name),
    action: (name: string) => (isOneOf(LOG_ACTIONS, name) ? t(`actions.${name}`) : name),
    // The same reading as the CSV export, in the console's language.
    detail: (detail: string) =>
      detailWords(AUDIT_WORDS[i18n.language === 'en' ? 'en' : 'zh-CN'], detail),
  };
}

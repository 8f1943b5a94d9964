import { useTranslation } from 'react-i18next';
import { isOneOf, LOG_ACTIONS, LOG_MODULES } from './logNames.ts';

/** Labels of a log entry's module and action; a name this console does not know shows as sent. */
export function useLogLabels() {
  const { t } = useTranslation('logsPage');
  return {
    module: (name: string) => (isOneOf(LOG_MODULES, name) ? t(`modules.${name}`) : name),
    action: (name: string) => (isOneOf(LOG_ACTIONS, name) ? t(`actions.${name}`) : name),
  };
}

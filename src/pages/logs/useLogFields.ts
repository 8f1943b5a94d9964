import { useTranslation } from 'react-i18next';
import type { SearchField } from '../../components/SearchTable/types.ts';
import { LOG_ACTIONS, LOG_MODULES, LOG_RESULTS } from './logNames.ts';

/** The logs table's search fields; the time range is sent as the server's `from` and `to`. */
export function useLogFields(): SearchField[] {
  const { t } = useTranslation('logs');
  return [
    { name: 'range', label: t('timeRange'), type: 'datetimerange', rangeNames: ['from', 'to'] },
    { name: 'username', label: t('user'), type: 'text', maxLength: 64 },
    {
      name: 'module',
      label: t('module'),
      type: 'select',
      options: LOG_MODULES.map((m) => ({ value: m, label: t(`modules.${m}`) })),
    },
    {
      name: 'action',
      label: t('action'),
      type: 'select',
      options: LOG_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) })),
    },
    {
      name: 'result',
      label: t('result'),
      type: 'select',
      options: LOG_RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) })),
    },
  ];
}

import { useTranslation } from 'react-i18next';
import type { SearchField } from '../../components/SearchTable/types.ts';

/** The task table's search fields. */
export function useTaskFields(): SearchField[] {
  const { t } = useTranslation('task');
  const words = useTranslation('taskWords').t;
  return [
    { name: 'name', label: t('name'), type: 'text', maxLength: 64 },
    { name: 'dock_sn', label: t('dock'), type: 'text', maxLength: 64 },
    {
      name: 'state',
      label: t('status'),
      type: 'select',
      options: (['active', 'finished', 'canceled'] as const).map((value) => ({
        value,
        label: words(`taskStates.${value}`),
      })),
    },
  ];
}

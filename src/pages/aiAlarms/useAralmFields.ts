import { useTranslation } from 'react-i18next';
import { AI_ALARM_STATUSES, AI_CATEGORIES } from '../../../protocol/aiAlarms.ts';
import type { SearchField } from '../../components/SearchTable/types.ts';
import { useAlarmWords } from './useAlarmWords.ts';

/** The alarm table's search fields (the server reads the same names). */
export function useAralmFields(): SearchField[] {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  return [
    {
      name: 'category',
      label: t('field.category'),
      type: 'select',
      options: AI_CATEGORIES.map((value) => ({ value, label: words.category(value) })),
    },
    {
      name: 'level',
      label: t('field.level'),
      type: 'select',
      options: ['0', '1', '2'].map((value) => ({ value, label: words.level(Number(value)) })),
    },
    {
      name: 'status',
      label: t('field.status'),
      type: 'select',
      options: AI_ALARM_STATUSES.map((value) => ({ value, label: words.status(value) })),
    },
    { name: 'device_sn', label: t('field.device'), type: 'text', maxLength: 64 },
    { name: 'task', label: t('field.task'), type: 'text', maxLength: 64 },
    {
      name: 'time',
      label: t('field.time'),
      type: 'datetimerange',
      rangeNames: ['from', 'to'],
    },
    {
      name: 'min_confidence',
      label: t('field.confidence'),
      type: 'number',
      min: 0,
      max: 1,
      placeholder: '0.8',
    },
  ];
}

import { useTranslation } from 'react-i18next';
import { MODEL_TASK_TYPES } from '../../../protocol/models.ts';
import type { SearchField } from '../../components/SearchTable/types.ts';

/** The model table's search fields, labelled in the current language. */
export function useModelFields(): SearchField[] {
  const { t } = useTranslation('aiModels');
  return [
    { name: 'name', label: t('field.name'), type: 'text', maxLength: 64 },
    {
      name: 'task_type',
      label: t('field.taskType'),
      type: 'select',
      options: MODEL_TASK_TYPES.map((value) => ({ value, label: t(`taskTypes.${value}`) })),
    },
  ];
}

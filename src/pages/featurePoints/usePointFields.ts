import { useTranslation } from 'react-i18next';
import type { SearchField } from '../../components/SearchTable/types.ts';

/** The point table's search fields (the server reads the same names). */
export function usePointFields(): SearchField[] {
  const { t } = useTranslation('featurePoints');
  return [
    { name: 'keyword', label: t('field.keyword'), type: 'text', maxLength: 100 },
    { name: 'category', label: t('field.category'), type: 'text', maxLength: 60 },
  ];
}

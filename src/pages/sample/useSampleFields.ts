import { useTranslation } from 'react-i18next';
import type { SearchField } from '../../components/SearchTable/types.ts';
import { CITIES } from './sampleRows.ts';

/** The sample list's search fields, one of each common type, labelled in the current language. */
export function useSampleFields(): SearchField[] {
  const { t } = useTranslation('sample');
  return [
    { name: 'nickname', label: t('nickname'), type: 'text', maxLength: 20 },
    {
      name: 'city',
      label: t('city'),
      type: 'select',
      options: CITIES.map((c) => ({ value: c, label: t(`cities.${c}`) })),
    },
    {
      name: 'gender',
      label: t('gender'),
      type: 'radio',
      options: [
        { value: 'male', label: t('male') },
        { value: 'female', label: t('female') },
      ],
    },
    { name: 'number', label: t('number'), type: 'number', min: 0, max: 100 },
    {
      name: 'daterange',
      label: t('daterange'),
      type: 'daterange',
      rangeNames: ['startDate', 'endDate'],
    },
  ];
}

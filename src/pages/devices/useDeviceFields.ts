import { useTranslation } from 'react-i18next';
import type { SearchField } from '../../components/SearchTable/types.ts';
import { DOMAINS, modelOptions } from './modelOptions.ts';
import { useProjectOptions } from './projectOptions.ts';

/** The devices table's search fields, labelled in the current language. */
export function useDeviceFields(): SearchField[] {
  const { t } = useTranslation('devices');
  const projects = useProjectOptions();
  return [
    { name: 'sn', label: t('sn'), type: 'text', maxLength: 64 },
    { name: 'name', label: t('name'), type: 'text', maxLength: 64 },
    {
      name: 'domain',
      label: t('type'),
      type: 'select',
      options: DOMAINS.map((d) => ({ value: String(d.domain), label: t(`types.${d.kind}`) })),
    },
    { name: 'model', label: t('model'), type: 'select', options: modelOptions() },
    { name: 'workspace_id', label: t('project'), type: 'select', options: projects },
    {
      name: 'online',
      label: t('online'),
      type: 'radio',
      options: [
        { value: 'true', label: t('state.online') },
        { value: 'false', label: t('state.offline') },
      ],
    },
  ];
}

import { useTranslation } from 'react-i18next';
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import { TEMPLATE_TYPES } from '../../../protocol/waylines.ts';
import { flattenWorkspaces } from '../../app/shellApi.ts';
import type { SearchField } from '../../components/SearchTable/types.ts';
import { useAccountState } from '../../state/account.ts';
import { aircraftOptions } from './format.ts';

/** The wayline table's search fields, labelled in the current language. */
export function useWaylineFields(): SearchField[] {
  const { t } = useTranslation('wayline');
  const { projects } = useAccountState();
  const projectOptions = flattenWorkspaces(projects)
    .filter(({ node }) => node.mold_id === MOLD_PROJECT)
    .map(({ node }) => ({ value: String(node.id), label: node.name }));
  return [
    { name: 'name', label: t('name'), type: 'text', maxLength: 100 },
    { name: 'model', label: t('model'), type: 'select', options: aircraftOptions() },
    {
      name: 'template_type',
      label: t('type'),
      type: 'select',
      options: TEMPLATE_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
    },
    { name: 'workspace_id', label: t('project'), type: 'select', options: projectOptions },
    { name: 'creator', label: t('creator'), type: 'text', maxLength: 64 },
    {
      name: 'favorite',
      label: t('favorite'),
      type: 'select',
      options: [
        { value: 'true', label: t('favoriteYes') },
        { value: 'false', label: t('favoriteNo') },
      ],
    },
    { name: 'range', label: t('createdAt'), type: 'datetimerange', rangeNames: ['from', 'to'] },
  ];
}

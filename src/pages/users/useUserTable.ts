import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../protocol/http.ts';
import type { Query } from '../../api/createClient.ts';
import { listUsers } from '../../api/users.ts';
import {
  useSearchTable,
  type SearchField,
  type TableQuery,
} from '../../components/SearchTable/index.ts';
import type { UserChoices } from './useUserChoices.ts';

/** The search fields of the users page: text, select and a date range. */
function useFields(choices: UserChoices): SearchField[] {
  const { t } = useTranslation('users');
  return [
    { name: 'username', label: t('username'), type: 'text', maxLength: 32 },
    { name: 'nickname', label: t('nickname'), type: 'text', maxLength: 64 },
    { name: 'role_id', label: t('role'), type: 'select', options: choices.roles },
    { name: 'workspace_id', label: t('project'), type: 'select', options: choices.projects },
    {
      name: 'enabled',
      label: t('status'),
      type: 'select',
      options: [
        { value: 'true', label: t('enabled') },
        { value: 'false', label: t('disabled') },
      ],
    },
    {
      name: 'created',
      label: t('createdRange'),
      type: 'daterange',
      rangeNames: ['created_from', 'created_to'],
    },
  ];
}

/**
 * The table's query as the server reads it. The range picker gives calendar days; the server compares
 * instants, so the days become the first and last instant of those days in the browser's time zone.
 */
function toServerQuery(q: TableQuery): Query {
  const out: Query = {};
  for (const [key, value] of Object.entries(q)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof q.created_from === 'string')
    out.created_from = dayjs(q.created_from).startOf('day').toISOString();
  if (typeof q.created_to === 'string')
    out.created_to = dayjs(q.created_to).endOf('day').toISOString();
  return out;
}

/** The users table, paged and filtered by the server. */
export function useUserTable(choices: UserChoices) {
  const fields = useFields(choices);
  const table = useSearchTable<UserInfo>({
    fields,
    request: (q) => listUsers(toServerQuery(q)),
  });
  return { table, fields };
}

import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../protocol/http.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import type { TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';

/** What the row buttons ask the page to do. */
export interface UserActions {
  selfId: number | undefined;
  onEdit: (user: UserInfo) => void;
  onReset: (user: UserInfo) => void;
  onToggle: (user: UserInfo) => void;
  onDelete: (user: UserInfo) => void;
}

/** The columns of the users table. */
export function useUserColumns(actions: UserActions): TableColumn<UserInfo>[] {
  const { t } = useTranslation('users');
  return [
    {
      key: 'username',
      title: t('username'),
      render: (u) => (
        <span data-username={u.username}>
          {u.username}
          {u.id === actions.selfId && (
            <Tag minimal className="sd-self-tag">
              {t('you')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'nickname', title: t('nickname') },
    { key: 'email', title: t('email') },
    { key: 'phone', title: t('phone') },
    { key: 'role', title: t('role'), render: (u) => u.role_name },
    { key: 'project', title: t('project'), render: (u) => u.workspace.name },
    {
      key: 'enabled',
      title: t('status'),
      render: (u) => (
        <Tag intent={u.enabled ? 'success' : 'none'}>{t(u.enabled ? 'enabled' : 'disabled')}</Tag>
      ),
    },
    { key: 'created', title: t('created'), render: (u) => formatTime(u.created_at) },
    { key: 'actions', title: t('actions'), render: (u) => <Actions user={u} {...actions} /> },
  ];
}

function Actions({
  user,
  selfId,
  onEdit,
  onReset,
  onToggle,
  onDelete,
}: { user: UserInfo } & UserActions) {
  const { t } = useTranslation('users');
  // Nobody disables or deletes themselves: the buttons are not offered, and the server refuses anyway.
  const isSelf = user.id === selfId;
  // Icon buttons named by label and tooltip: five worded buttons would push the table past the page.
  const small = (label: string) =>
    ({ variant: 'minimal', size: 'small', 'aria-label': label, title: label }) as const;
  return (
    <span className="sd-row-actions">
      <Permission code="user:edit">
        <Button {...small(t('edit'))} icon="edit" onClick={() => onEdit(user)} />
      </Permission>
      <Permission code="user:reset">
        <Button {...small(t('resetPassword'))} icon="key" onClick={() => onReset(user)} />
      </Permission>
      {!isSelf && (
        <Permission code="user:edit">
          <Button
            {...small(t(user.enabled ? 'disable' : 'enable'))}
            icon={user.enabled ? 'disable' : 'tick-circle'}
            onClick={() => onToggle(user)}
          />
        </Permission>
      )}
      {!isSelf && (
        <Permission code="user:del">
          <Button
            {...small(t('delete'))}
            intent="danger"
            icon="trash"
            onClick={() => onDelete(user)}
          />
        </Permission>
      )}
    </span>
  );
}

import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../protocol/http.ts';
import { deleteUser, editUser } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { SearchTable } from '../../components/SearchTable/index.ts';
import { useAccountState } from '../../state/account.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import { useUserChoices } from './useUserChoices.ts';
import { useUserColumns } from './useUserColumns.tsx';
import { UserDialog } from './UserDialog.tsx';
import { useUserTable } from './useUserTable.ts';
import './users.css';

/** A destructive step waiting for confirmation. */
type Pending = { kind: 'delete' | 'disable'; user: UserInfo };

/** The users page: search, add, edit, reset password, enable or disable, and delete users. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const selfId = useAccountState().userInfo?.id;
  const choices = useUserChoices();
  const { table, fields } = useUserTable(choices);
  const [editing, setEditing] = useState<{ user: UserInfo | null } | null>(null);
  const [resetting, setResetting] = useState<UserInfo | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  async function setEnabled(user: UserInfo, enabled: boolean) {
    await editUser({ id: user.id, enabled });
    toastSuccess(t(enabled ? 'nowEnabled' : 'nowDisabled', { name: user.username }));
    table.refresh();
  }
  async function runPending(p: Pending) {
    if (p.kind === 'disable') return setEnabled(p.user, false);
    await deleteUser(p.user.id);
    toastSuccess(t('deleted', { name: p.user.username }));
    table.refresh();
  }

  const columns = useUserColumns({
    selfId,
    onEdit: (user) => setEditing({ user }),
    onReset: setResetting,
    onToggle: (user) => {
      if (user.enabled) setPending({ kind: 'disable', user });
      else void setEnabled(user, true).catch(() => undefined);
    },
    onDelete: (user) => setPending({ kind: 'delete', user }),
  });
  const toolbar = (
    <Permission code="user:add">
      <Button
        intent="primary"
        icon="new-person"
        text={t('add')}
        onClick={() => setEditing({ user: null })}
      />
    </Permission>
  );
  return (
    <div className="sd-users-page">
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(u) => u.id}
        toolbar={toolbar}
      />
      {editing && (
        <UserDialog
          key={editing.user?.id ?? 'new'}
          user={editing.user}
          isSelf={editing.user?.id === selfId}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            table.refresh();
          }}
        />
      )}
      {resetting && (
        <ResetPasswordDialog
          key={resetting.id}
          user={resetting}
          onClose={() => setResetting(null)}
        />
      )}
      <ConfirmDelete
        message={
          pending &&
          t(pending.kind === 'delete' ? 'confirmDelete' : 'confirmDisable', {
            name: pending.user.username,
          })
        }
        confirmText={pending ? t(pending.kind) : ''}
        onConfirm={() => (pending ? runPending(pending) : Promise.resolve())}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

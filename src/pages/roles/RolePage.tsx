import { useState } from 'react';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../protocol/http.ts';
import { deleteRole, listRoles } from '../../api/roles.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import {
  SearchTable,
  useSearchTable,
  type SearchField,
  type TableColumn,
} from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { useMenuTree } from '../../components/MenuTree/useMenuTree.ts';
import { RoleDialog } from './RoleDialog.tsx';
import './role.css';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';

/** What the page has open: nothing, the add or edit dialog, or the delete confirmation. */
type Open = null | { kind: 'add' } | { kind: 'edit' | 'delete'; role: Role };

/** The roles page: search by name, add, edit (with menus and buttons), delete. */
export default function RolePage() {
  const { t } = useTranslation('roles');
  const fields: SearchField[] = [{ name: 'name', label: t('name'), type: 'text', maxLength: 32 }];
  const table = useSearchTable<Role>({
    fields,
    request: (q) =>
      listRoles({
        current: q.current,
        size: q.size,
        name: typeof q.name === 'string' ? q.name : undefined,
      }),
  });
  const menus = useMenuTree();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const saved = () => {
    close();
    table.refresh();
  };
  const columns: TableColumn<Role>[] = [
    { key: 'name', title: t('name') },
    { key: 'description', title: t('description') },
    { key: 'user_count', title: t('userCount'), width: 90 },
    { key: 'menu_ids', title: t('menuCount'), width: 130, render: (r) => r.menu_ids.length },
    {
      key: 'created_at',
      title: t('createdAt'),
      width: 170,
      render: (r) => formatTime(r.created_at),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 170,
      render: (role) => <RowActions role={role} onOpen={setOpen} />,
    },
  ];
  const toolbar = (
    <Permission code="role:add">
      <Button
        intent="primary"
        icon="add"
        text={t('add')}
        onClick={() => setOpen({ kind: 'add' })}
      />
    </Permission>
  );
  return (
    <div className="sd-role-page">
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(r) => r.id}
        toolbar={toolbar}
      />
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <RoleDialog
          role={open.kind === 'edit' ? open.role : null}
          tree={menus.tree}
          onReloadTree={menus.reload}
          onClose={close}
          onSaved={saved}
        />
      )}
      <DeleteAlert
        role={open?.kind === 'delete' ? open.role : null}
        onClose={close}
        onDone={saved}
      />
    </div>
  );
}

function RowActions({ role, onOpen }: { role: Role; onOpen: (open: Open) => void }) {
  const { t } = useTranslation('roles');
  return (
    <ButtonGroup variant="minimal" size="small">
      <Permission code="role:edit">
        <Button icon="edit" text={t('edit')} onClick={() => onOpen({ kind: 'edit', role })} />
      </Permission>
      <Permission code="role:del">
        <Button
          icon="trash"
          intent="danger"
          text={t('delete')}
          onClick={() => onOpen({ kind: 'delete', role })}
        />
      </Permission>
    </ButtonGroup>
  );
}

/** Asks before deleting a role; a role still in use is refused by the server with its user count. */
function DeleteAlert({
  role,
  onClose,
  onDone,
}: {
  role: Role | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('roles');
  return (
    <ConfirmDelete
      message={role && t('confirmDelete', { name: role.name })}
      confirmText={t('delete')}
      onClose={onClose}
      onConfirm={async () => {
        if (!role) return;
        await deleteRole(role.workspace_id, { id: role.id });
        toastSuccess(t('deleted'));
        onDone();
      }}
    >
      {role !== null && role.user_count > 0 && (
        <p className="bp6-text-muted">{t('confirmDeleteInUse', { count: role.user_count })}</p>
      )}
    </ConfirmDelete>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceNode } from '../../../protocol/http.ts';
import { deleteWorkspace } from '../../api/workspaces.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { SearchTable } from '../../components/SearchTable/index.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';
import { useWorkspaceColumns } from './useWorkspaceColumns.tsx';
import { WorkspaceDialog, type WorkspaceEdit } from './WorkspaceDialog.tsx';
import { useWorkspaceTable } from './useWorkspaceTable.ts';
import './workspace.css';

/** The projects page: the workspace tree as an expandable table with add-child, edit and delete. */
export default function WorkspacePage() {
  const { t } = useTranslation('workspaces');
  const { table, fields, rows, expanded, toggle } = useWorkspaceTable();
  const [editing, setEditing] = useState<WorkspaceEdit | null>(null);
  const [doomed, setDoomed] = useState<WorkspaceNode | null>(null);
  const columns = useWorkspaceColumns({
    expanded,
    toggle,
    onAdd: (parent) => setEditing({ kind: 'add', parent }),
    onEdit: (node) => setEditing({ kind: 'edit', node }),
    onDelete: setDoomed,
  });

  async function remove(node: WorkspaceNode) {
    await deleteWorkspace(node.id);
    toastSuccess(t('deleted', { name: node.name }));
    table.refresh();
  }

  return (
    <div className="sd-workspace-page">
      <SearchTable
        table={{ ...table, rows }}
        fields={fields}
        columns={columns}
        rowKey={(r) => r.node.id}
      />
      {editing && (
        <WorkspaceDialog
          key={editing.kind === 'add' ? `add-${editing.parent.id}` : `edit-${editing.node.id}`}
          edit={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            table.refresh();
          }}
        />
      )}
      <ConfirmDelete
        message={doomed && t('confirmDelete', { name: doomed.name })}
        confirmText={t('delete')}
        onConfirm={() => (doomed ? remove(doomed) : Promise.resolve())}
        onClose={() => setDoomed(null)}
      />
    </div>
  );
}

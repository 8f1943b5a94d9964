import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MOLD_ORGANISATION, type WorkspaceNode } from '../../../protocol/http.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import type { TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { useAccountState } from '../../state/account.ts';
import type { WorkspaceRow } from './workspaceRows.ts';

/** Pixels of indentation per tree level. */
const INDENT_PX = 20;

interface Handlers {
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  onAdd: (parent: WorkspaceNode) => void;
  onEdit: (node: WorkspaceNode) => void;
  onDelete: (node: WorkspaceNode) => void;
}

/** The columns of the projects table, the name column carrying the tree's indentation and caret. */
export function useWorkspaceColumns(h: Handlers): TableColumn<WorkspaceRow>[] {
  const { t } = useTranslation('workspaces');
  return [
    { key: 'name', title: t('name'), render: (r) => <NameCell row={r} {...h} /> },
    {
      key: 'mold',
      title: t('mold'),
      render: ({ node }) =>
        node.mold_id === MOLD_ORGANISATION ? (
          <Tag intent="primary">{t('organisation')}</Tag>
        ) : (
          <Tag intent="success">{t('project')}</Tag>
        ),
    },
    { key: 'description', title: t('description'), render: ({ node }) => node.description },
    { key: 'users', title: t('users'), render: ({ node }) => node.user_count },
    { key: 'devices', title: t('devices'), render: ({ node }) => node.device_count },
    { key: 'created', title: t('created'), render: ({ node }) => formatTime(node.created_at) },
    { key: 'actions', title: t('actions'), render: ({ node }) => <Actions node={node} {...h} /> },
  ];
}

function NameCell({ row, expanded, toggle }: { row: WorkspaceRow } & Handlers) {
  const { t } = useTranslation('workspaces');
  const { node, depth } = row;
  const open = expanded.has(node.id);
  const hasChildren = (node.children?.length ?? 0) > 0;
  return (
    <span className="sd-tree-cell" style={{ paddingLeft: depth * INDENT_PX }}>
      {hasChildren ? (
        <Button
          variant="minimal"
          size="small"
          icon={open ? 'chevron-down' : 'chevron-right'}
          aria-label={t(open ? 'collapse' : 'expand')}
          aria-expanded={open}
          onClick={() => toggle(node.id)}
        />
      ) : (
        <span className="sd-tree-spacer" />
      )}
      <span data-workspace={node.name}>{node.name}</span>
    </span>
  );
}

function Actions({ node, onAdd, onEdit, onDelete }: { node: WorkspaceNode } & Handlers) {
  const { t } = useTranslation('workspaces');
  const { userInfo } = useAccountState();
  // The caller's own root cannot be deleted (the server refuses too); offering it would only fail.
  const isOwnRoot = userInfo?.workspace_id === node.id;
  return (
    <span className="sd-row-actions">
      <Permission code="workspace:add">
        <Button
          variant="minimal"
          size="small"
          icon="add"
          text={t('addChild')}
          onClick={() => onAdd(node)}
        />
      </Permission>
      <Permission code="workspace:edit">
        <Button
          variant="minimal"
          size="small"
          icon="edit"
          text={t('edit')}
          onClick={() => onEdit(node)}
        />
      </Permission>
      {!isOwnRoot && (
        <Permission code="workspace:del">
          <Button
            variant="minimal"
            size="small"
            intent="danger"
            icon="trash"
            text={t('delete')}
            onClick={() => onDelete(node)}
          />
        </Permission>
      )}
    </span>
  );
}

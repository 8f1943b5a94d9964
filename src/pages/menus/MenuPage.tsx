import { useState } from 'react';
import { Button, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { menuLabel } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { buttonAction } from '../../lib/menuTree/buttonAction.ts';
import { allIds } from '../../lib/menuTree/menuChecks.ts';
import { DeleteMenuAlert } from './DeleteMenuAlert.tsx';
import { MenuDialog, type MenuDraft } from './MenuDialog.tsx';
import { MenuTable } from './MenuTable.tsx';
import { nextSort, visibleRows } from './menuTreeOps.ts';
import { useMenuActions } from './useMenuActions.ts';
import { useMenuTree } from '../../components/MenuTree/useMenuTree.ts';
import './meunan.css';

/** A new entry's starting values under `parent` (top level when null). */
function draftUnder(parent: MenuNode | null, tree: readonly MenuNode[]): MenuDraft {
  const siblings = parent ? (parent.children ?? []) : tree;
  const kind = parent && parent.path !== '' ? 'button' : 'menu';
  return {
    name: '',
    kind,
    parent_id: parent?.id ?? null,
    path: '',
    icon: '',
    sort: nextSort(siblings),
    hidden: false,
    perms: '',
  };
}

/** The dialog's values for editing `node`. */
function draftOf(node: MenuNode): MenuDraft {
  const { id, name, kind, parent_id, path, icon, sort, hidden, perms } = node;
  return { id, name, kind, parent_id, path, icon, sort, hidden, perms };
}

/** The menus page: the whole menu tree with add, edit, move, hide and delete. */
export default function MenuPage() {
  const { t } = useTranslation('menus');
  const { t: tm } = useTranslation('menu');
  const { t: tr } = useTranslation('roles');
  const { tree, loading, reload } = useMenuTree();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [draft, setDraft] = useState<MenuDraft | null>(null);
  const [doomed, setDoomed] = useState<MenuNode | null>(null);
  const label = (n: MenuNode) => {
    if (n.kind !== 'button') return menuLabel(tm, n.name);
    const action = buttonAction(n.perms);
    return action === 'other' ? n.perms : tr(`action.${action}`);
  };
  const nodes = Array.isArray(tree) ? tree : [];
  const actions = useMenuActions({
    reload,
    label,
    open,
    setOpen,
    setDraft: (node, under) => setDraft(under ? draftUnder(node, nodes) : draftOf(node)),
    setDoomed,
  });
  const rows = visibleRows(nodes, open, filter, label);
  return (
    // `sd-search-table` marks it as the console's table page, like the pages built on SearchTable.
    <div className="sd-search-table sd-menu-page">
      <div className="sd-table-toolbar sd-menu-toolbar">
        <div className="sd-menu-toolbar__left">
          <Permission code="menu:add">
            <Button
              intent="primary"
              icon="add"
              text={t('addTop')}
              onClick={() => setDraft(draftUnder(null, nodes))}
            />
          </Permission>
          <Button
            icon="expand-all"
            text={t('expandAll')}
            onClick={() => setOpen(new Set(allIds(nodes)))}
          />
          <Button icon="collapse-all" text={t('collapseAll')} onClick={() => setOpen(new Set())} />
          <InputGroup
            type="search"
            leftIcon="filter"
            placeholder={t('filter')}
            aria-label={t('filter')}
            value={filter}
            onValueChange={setFilter}
          />
        </div>
        <Button
          variant="minimal"
          icon="refresh"
          aria-label={t('refresh')}
          title={t('refresh')}
          onClick={reload}
        />
      </div>
      <div className="sd-table-body" aria-busy={loading}>
        {loading && (
          <div className="sd-table-overlay">
            <Spinner size={32} />
          </div>
        )}
        {tree === 'error' ? (
          <NonIdealState
            icon="error"
            title={t('loadFailed')}
            action={<Button icon="refresh" text={t('retry')} onClick={reload} />}
          />
        ) : (
          <MenuTable
            rows={rows}
            open={open}
            filtering={filter.trim() !== ''}
            label={label}
            actions={actions}
          />
        )}
        {Array.isArray(tree) && rows.length === 0 && (
          <NonIdealState icon="inbox" title={t(filter.trim() === '' ? 'empty' : 'noMatch')} />
        )}
      </div>
      {draft && (
        <MenuDialog
          draft={draft}
          tree={nodes}
          onClose={() => setDraft(null)}
          onSaved={() => {
            setDraft(null);
            reload();
          }}
        />
      )}
      <DeleteMenuAlert
        node={doomed}
        label={doomed ? label(doomed) : ''}
        onClose={() => setDoomed(null)}
        onDone={reload}
      />
    </div>
  );
}

import { useState } from 'react';
import { Button, ButtonGroup, Checkbox, Tag, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { menuLabel, menuNames } from '../../app/shellApi.ts';
import { useAccountState } from '../../state/account.ts';
import { MenuIcon } from '../../components/MenuTree/iconNames.ts';
import { buttonAction } from '../../lib/menuTree/buttonAction.ts';
import { allIds, checkState, toggleCheck } from '../../lib/menuTree/menuChecks.ts';

interface Props {
  tree: readonly MenuNode[];
  checked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}

function flatten(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** Whether the signed-in user may hand out a node: the server refuses granting what one lacks. */
function useGrantable(): (node: MenuNode) => boolean {
  const { permissions, menus } = useAccountState();
  const names = menuNames(menus ?? []);
  return (node) =>
    node.kind === 'button' ? permissions.includes(node.perms) : names.has(node.name);
}

/** The menus and buttons of the whole tree, each with a checkbox (parent/child propagation). */
export function PermissionTree({ tree, checked, onChange }: Props) {
  const { t } = useTranslation('roles');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggleOpen = (id: number, isOpen: boolean) => {
    const next = new Set(open);
    if (isOpen) next.add(id);
    else next.delete(id);
    setOpen(next);
  };
  const label = useNodeLabel();
  const grantable = useGrantable();
  const locked = new Set(
    flatten(tree)
      .filter((n) => !grantable(n))
      .map((n) => n.id),
  );
  const toNode = (node: MenuNode): TreeNodeInfo<MenuNode> => {
    const state = checkState(node, checked);
    const kids = node.children ?? [];
    return {
      id: node.id,
      nodeData: node,
      isExpanded: open.has(node.id),
      hasCaret: kids.length > 0,
      label: (
        <Checkbox
          className="sd-perm-check"
          checked={state === 'checked'}
          indeterminate={state === 'partial'}
          disabled={!grantable(node)}
          data-menu-id={node.id}
          labelElement={label(node)}
          onChange={(e) => {
            const next = toggleCheck(tree, checked, node.id, e.currentTarget.checked);
            // Propagation never adds what the user may not hand out.
            for (const id of next) if (!checked.has(id) && locked.has(id)) next.delete(id);
            onChange(next);
          }}
        />
      ),
      childNodes: kids.map(toNode),
    };
  };
  return (
    <div className="sd-perm-tree">
      <ButtonGroup variant="minimal" size="small">
        <Button icon="tick" text={t('checkAll')} onClick={() => onChange(new Set(allIds(tree)))} />
        <Button icon="cross" text={t('checkNone')} onClick={() => onChange(new Set())} />
        <Button
          icon="expand-all"
          text={t('expandAll')}
          onClick={() => setOpen(new Set(allIds(tree)))}
        />
        <Button icon="collapse-all" text={t('collapseAll')} onClick={() => setOpen(new Set())} />
      </ButtonGroup>
      <Tree
        contents={tree.map(toNode)}
        onNodeExpand={(n) => toggleOpen(Number(n.id), true)}
        onNodeCollapse={(n) => toggleOpen(Number(n.id), false)}
      />
    </div>
  );
}

/** What a tree row says: the menu's label and icon, or the button's action and permission code. */
function useNodeLabel() {
  const { t } = useTranslation('roles');
  const { t: tm } = useTranslation('menu');
  return (node: MenuNode) =>
    node.kind === 'button' ? (
      <span className="sd-perm-label">
        {t(`action.${buttonAction(node.perms)}`)}
        <Tag minimal className="sd-perm-code">
          {node.perms}
        </Tag>
      </span>
    ) : (
      <span className="sd-perm-label">
        <MenuIcon node={node} />
        {menuLabel(tm, node.name)}
      </span>
    );
}

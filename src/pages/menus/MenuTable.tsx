import { Button, ButtonGroup, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../protocol/http.ts';
import { Permission, usePermission } from '../../components/Permission/Permission.tsx';
import { MenuIcon } from '../../components/MenuTree/iconNames.ts';
import type { MenuRow } from './menuTreeOps.ts';

/** What a row asks the page to do. */
export interface MenuActions {
  toggle: (node: MenuNode) => void;
  addChild: (node: MenuNode) => void;
  edit: (node: MenuNode) => void;
  remove: (node: MenuNode) => void;
  move: (row: MenuRow, step: -1 | 1) => void;
  setHidden: (node: MenuNode, hidden: boolean) => void;
}

interface Props {
  rows: readonly MenuRow[];
  open: ReadonlySet<number>;
  filtering: boolean;
  label: (node: MenuNode) => string;
  actions: MenuActions;
}

/** The menu tree as an expandable table: one row per visible node, indented by depth. */
export function MenuTable({ rows, open, filtering, label, actions }: Props) {
  const { t } = useTranslation('menus');
  return (
    <HTMLTable striped interactive compact className="sd-table sd-menu-table">
      <thead>
        <tr>
          <th>{t('label')}</th>
          <th>{t('name')}</th>
          <th style={{ width: 80 }}>{t('kind')}</th>
          <th>{t('path')}</th>
          <th>{t('perms')}</th>
          <th style={{ width: 70 }}>{t('sort')}</th>
          <th style={{ width: 90 }}>{t('visible')}</th>
          <th style={{ width: 300 }}>{t('actions')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <Row
            key={row.node.id}
            row={row}
            isOpen={filtering || open.has(row.node.id)}
            label={label(row.node)}
            actions={actions}
          />
        ))}
      </tbody>
    </HTMLTable>
  );
}

function Row({
  row,
  isOpen,
  label,
  actions,
}: {
  row: MenuRow;
  isOpen: boolean;
  label: string;
  actions: MenuActions;
}) {
  const { t } = useTranslation('menus');
  const { node, depth } = row;
  const canEdit = usePermission('menu:edit');
  const hasKids = (node.children ?? []).length > 0;
  const button = node.kind === 'button';
  return (
    <tr data-menu-row={node.name} className={node.hidden ? 'sd-menu-row--hidden' : undefined}>
      <td>
        <span className="sd-menu-cell" style={{ paddingLeft: depth * 22 }}>
          <Button
            variant="minimal"
            size="small"
            icon={isOpen ? 'chevron-down' : 'chevron-right'}
            aria-label={label}
            aria-expanded={hasKids ? isOpen : undefined}
            disabled={!hasKids}
            className={hasKids ? undefined : 'sd-menu-caret--none'}
            onClick={() => actions.toggle(node)}
          />
          {button ? null : <MenuIcon node={node} />}
          {label}
        </span>
      </td>
      <td className="sd-menu-mono">
        <code>{node.name}</code>
      </td>
      <td>
        <Tag minimal intent={button ? 'warning' : 'primary'}>
          {t(button ? 'kindButton' : 'kindMenu')}
        </Tag>
      </td>
      <td className="sd-menu-mono">
        <code>{node.path}</code>
      </td>
      <td className="sd-menu-mono">
        <code>{node.perms}</code>
      </td>
      <td>{node.sort}</td>
      <td>
        {canEdit ? (
          <Switch
            className="sd-menu-visible"
            checked={!node.hidden}
            aria-label={t('visible')}
            onChange={(e) => actions.setHidden(node, !e.currentTarget.checked)}
          />
        ) : (
          <Tag minimal>{t(node.hidden ? 'hidden' : 'shown')}</Tag>
        )}
      </td>
      <td>
        <RowButtons row={row} actions={actions} />
      </td>
    </tr>
  );
}

function RowButtons({ row, actions }: { row: MenuRow; actions: MenuActions }) {
  const { t } = useTranslation('menus');
  const { node, siblings } = row;
  const at = siblings.findIndex((s) => s.id === node.id);
  return (
    <ButtonGroup variant="minimal" size="small">
      {node.kind === 'menu' && (
        <Permission code="menu:add">
          <Button icon="add" text={t('addChild')} onClick={() => actions.addChild(node)} />
        </Permission>
      )}
      <Permission code="menu:edit">
        <Button icon="edit" text={t('edit')} onClick={() => actions.edit(node)} />
        <Button
          icon="arrow-up"
          aria-label={t('moveUp')}
          title={t('moveUp')}
          disabled={at <= 0}
          onClick={() => actions.move(row, -1)}
        />
        <Button
          icon="arrow-down"
          aria-label={t('moveDown')}
          title={t('moveDown')}
          disabled={at >= siblings.length - 1}
          onClick={() => actions.move(row, 1)}
        />
      </Permission>
      <Permission code="menu:del">
        <Button
          icon="trash"
          intent="danger"
          text={t('delete')}
          onClick={() => actions.remove(node)}
        />
      </Permission>
    </ButtonGroup>
  );
}

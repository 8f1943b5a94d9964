import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAccountState } from '../../state/account.ts';
import { chooseWorkspace, flattenWorkspaces } from '../workspaces.ts';

/** The current project and a tree-indented list to switch to another one. */
export function WorkspaceSwitcher() {
  const { projects, workspace } = useAccountState();
  const { t } = useTranslation('layout');
  const entries = flattenWorkspaces(projects);
  const menu = (
    <Menu className="sd-workspace-menu">
      {entries.map(({ node, depth }) => (
        <MenuItem
          key={node.id}
          text={node.name}
          icon={node.children?.length ? 'folder-open' : 'cube'}
          active={node.id === workspace?.id}
          style={{ paddingLeft: 8 + depth * 16 }}
          onClick={() => void chooseWorkspace(node)}
        />
      ))}
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-start">
      <Button
        variant="minimal"
        icon="office"
        endIcon="caret-down"
        title={t('workspace')}
        text={workspace?.name ?? t('noWorkspace')}
        data-testid="workspace-switcher"
      />
    </PopoverNext>
  );
}

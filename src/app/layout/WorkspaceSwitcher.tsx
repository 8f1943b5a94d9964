import { Button, Menu, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAccountState } from '../../state/account.ts';
import { WorkspaceMenuItems } from './WorkspaceMenuItems.tsx';

/** The current project and a tree-indented list to switch to another one. */
export function WorkspaceSwitcher() {
  const { workspace } = useAccountState();
  const { t } = useTranslation('layout');
  const menu = (
    <Menu className="sd-workspace-menu">
      <WorkspaceMenuItems />
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

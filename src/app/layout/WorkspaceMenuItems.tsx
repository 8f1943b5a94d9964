import { MenuItem } from '@blueprintjs/core';
import { useAccountState } from '../../state/account.ts';
import { chooseWorkspace, flattenWorkspaces } from '../workspaces.ts';

/** The user's workspaces as menu entries indented by tree depth; a click switches to one. */
export function WorkspaceMenuItems() {
  const { projects, workspace } = useAccountState();
  return (
    <>
      {flattenWorkspaces(projects).map(({ node, depth }) => (
        <MenuItem
          key={node.id}
          text={node.name}
          icon={node.children?.length ? 'folder-open' : 'cube'}
          active={node.id === workspace?.id}
          style={{ paddingLeft: 8 + depth * 16 }}
          onClick={() => void chooseWorkspace(node)}
        />
      ))}
    </>
  );
}

/** The projects a device can live in, from the account's workspace tree. */
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import type { FieldOption } from '../../components/SearchTable/types.ts';
import { flattenWorkspaces } from '../../app/workspaces.ts';
import { useAccountState } from '../../state/account.ts';

/** Every project of the tree (organisations hold no devices), as select options. */
export function useProjectOptions(): FieldOption[] {
  const { projects } = useAccountState();
  return flattenWorkspaces(projects)
    .filter(({ node }) => node.mold_id === MOLD_PROJECT)
    .map(({ node }) => ({ value: String(node.id), label: node.name }));
}

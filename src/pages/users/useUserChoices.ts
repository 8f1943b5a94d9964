import { useEffect, useState } from 'react';
import type { FieldOption } from '../../components/SearchTable/index.ts';
import { listRoleChoices } from '../../api/users.ts';
import { fetchWorkspaceTree } from '../../api/workspaces.ts';
import { flattenWorkspaces } from '../../app/workspaces.ts';

/** The roles and workspaces a user can be given, as picker options. */
export interface UserChoices {
  roles: FieldOption[];
  projects: FieldOption[];
}

/** Indents a workspace name by its depth with no-break spaces, so the picker shows the tree. */
const indent = (name: string, depth: number) => `${'\u00a0\u00a0\u00a0'.repeat(depth)}${name}`;

async function loadChoices(): Promise<UserChoices> {
  const [roles, tree] = await Promise.all([
    listRoleChoices().catch(() => ({ data: [], total: 0 })),
    fetchWorkspaceTree().catch(() => []),
  ]);
  return {
    roles: roles.data.map((r) => ({ value: String(r.id), label: r.name })),
    projects: flattenWorkspaces(tree).map(({ node, depth }) => ({
      value: String(node.id),
      label: indent(node.name, depth),
    })),
  };
}

/** Loads the pickers' options once per visit of the users page. */
export function useUserChoices(): UserChoices {
  const [choices, setChoices] = useState<UserChoices>({ roles: [], projects: [] });
  useEffect(() => {
    let live = true;
    void loadChoices().then((c) => {
      if (live) setChoices(c);
    });
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

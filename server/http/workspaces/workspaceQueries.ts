import type { WorkspaceNode } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';

/** Select producing a `WorkspaceNode` row with its direct user and device counts. */
export const WORKSPACE_SELECT = `
  select w.id, w.name, w.mold_id, w.parent_id, w.description, w.created_at, w.updated_at,
    (select count(*)::int from users u where u.workspace_id = w.id) as user_count,
    (select count(*)::int from devices d where d.workspace_id = w.id) as device_count
  from workspaces w`;

export interface WorkspaceRow {
  id: number;
  name: string;
  mold_id: number;
  parent_id: number | null;
  description: string;
  created_at: Date;
  updated_at: Date;
  user_count: number;
  device_count: number;
}

/** A row as the wire shape (no children). */
export function toWorkspace(row: WorkspaceRow): WorkspaceNode {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The subtree under `rootId` as one node with nested `children`. */
export async function workspaceTree(
  db: Db,
  scope: readonly number[],
  rootId: number,
): Promise<WorkspaceNode[]> {
  const rows = await db.query<WorkspaceRow>(
    `${WORKSPACE_SELECT} where w.id = any($1::int[]) order by w.id`,
    [scope],
  );
  const nodes = new Map(rows.map((row) => [row.id, toWorkspace(row)]));
  for (const node of nodes.values()) {
    const parent =
      node.id === rootId || node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) (parent.children ??= []).push(node);
  }
  const root = nodes.get(rootId);
  return root ? [root] : [];
}

/** What still lives in a workspace, by kind. */
export interface WorkspaceContents {
  children: number;
  users: number;
  devices: number;
  roles: number;
  /** Waylines cascade with the project, but their files in the object store would be orphaned. */
  waylines: number;
  /** Flight tasks: their records would vanish with the project. */
  tasks: number;
}

/** What still lives in a workspace: children, users, devices, roles, waylines and flight tasks. */
export async function workspaceContents(db: Db, workspaceId: number): Promise<WorkspaceContents> {
  const rows = await db.query<WorkspaceContents>(
    `select (select count(*)::int from workspaces where parent_id = $1) as children,
            (select count(*)::int from users where workspace_id = $1) as users,
            (select count(*)::int from devices where workspace_id = $1) as devices,
            (select count(*)::int from roles where workspace_id = $1) as roles,
            (select count(*)::int from waylines where workspace_id = $1) as waylines,
            (select count(*)::int from flight_tasks where workspace_id = $1) as tasks`,
    [workspaceId],
  );
  return rows[0] ?? { children: 0, users: 0, devices: 0, roles: 0, waylines: 0, tasks: 0 };
}

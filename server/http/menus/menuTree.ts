import type { MenuKind, MenuNode } from '../../../protocol/http.ts';
import type { Db } from '../../db/Db.ts';

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  icon: string;
  sort: number;
  hidden: boolean;
  kind: MenuKind;
  perms: string;
}

const MENU_COLUMNS = 'm.id, m.parent_id, m.name, m.path, m.icon, m.sort, m.hidden, m.kind, m.perms';

/** Nests flat rows (already in sort order) under their parents; orphans become roots. */
export function buildMenuTree(rows: readonly MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(rows.map((row) => [row.id, { ...row }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every menu as a tree. */
export async function allMenus(db: Db): Promise<MenuNode[]> {
  return buildMenuTree(
    await db.query<MenuRow>(`select ${MENU_COLUMNS} from menus m order by m.sort, m.id`),
  );
}

/** The menus a role holds, as a tree; an all-access role holds every menu. */
export async function roleMenus(db: Db, roleId: number, allAccess: boolean): Promise<MenuNode[]> {
  if (allAccess) return allMenus(db);
  const rows = await db.query<MenuRow>(
    `select ${MENU_COLUMNS} from menus m join role_menus rm on rm.menu_id = m.id
     where rm.role_id = $1 order by m.sort, m.id`,
    [roleId],
  );
  return buildMenuTree(rows);
}

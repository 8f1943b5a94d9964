import type { IconName } from '@blueprintjs/icons';
import type { MenuView } from '../../state/account.ts';
import { menuIcon } from '../menuIcon.ts';
import type { MenuTitle, RouteInfo } from '../routeCatalog.ts';

/** One entry of the sidebar: a page link (drawn with its menu's icon) or a group of entries. */
export type SidebarItem =
  | { kind: 'link'; key: string; route: RouteInfo; icon: IconName }
  | { kind: 'group'; key: string; name: string; icon: IconName | null; children: SidebarItem[] };

function toItem(node: MenuView, routes: readonly RouteInfo[]): SidebarItem | null {
  if (node.kind !== 'menu' || node.hidden) return null;
  const route = routes.find((r) => r.title === node.name && !r.hidden);
  if (route) return { kind: 'link', key: `${node.id}`, route, icon: menuIcon(node) ?? route.icon };
  const children = buildSidebar(node.children ?? [], routes);
  if (children.length === 0) return null;
  return { kind: 'group', key: `${node.id}`, name: node.name, icon: menuIcon(node), children };
}

/** Builds the sidebar from the role's menu tree and the permitted routes, in menu order. */
export function buildSidebar(
  menus: readonly MenuView[],
  routes: readonly RouteInfo[],
): SidebarItem[] {
  return [...menus]
    .sort((a, b) => a.sort - b.sort)
    .map((node) => toItem(node, routes))
    .filter((item): item is SidebarItem => item !== null);
}

/** Names of the groups that hold the route titled `title` (for breadcrumbs and auto-opening). */
export function groupPath(items: readonly SidebarItem[], title: MenuTitle): string[] | null {
  for (const item of items) {
    if (item.kind === 'link' && item.route.title === title) return [];
    if (item.kind === 'group') {
      const inner = groupPath(item.children, title);
      if (inner) return [item.name, ...inner];
    }
  }
  return null;
}

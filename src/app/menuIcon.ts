import { IconNames, type IconName } from '@blueprintjs/icons';
import { ROUTE_CATALOG } from './routeCatalog.ts';

const KNOWN = new Set<string>(Object.values(IconNames));

/** True when `name` is a Blueprint icon (menu icons are free text on the server). */
export function isIconName(name: string): name is IconName {
  return KNOWN.has(name);
}

/**
 * The one icon of a menu entry, for the sidebar and menu management alike: the menu's own icon when
 * it names a Blueprint icon, else the icon the route catalog gives its page, else none.
 */
export function menuIcon(node: { readonly name: string; readonly icon: string }): IconName | null {
  if (isIconName(node.icon)) return node.icon;
  return ROUTE_CATALOG.find((r) => r.menu === node.name && !r.hidden)?.icon ?? null;
}

import type { TFunction } from 'i18next';
import { zhCN } from '../../i18n/resources.ts';
import type { MenuTitle } from '../routeCatalog.ts';

function isMenuTitle(name: string): name is MenuTitle {
  return name in zhCN.menu;
}

/** The label of a menu name from the server: its `menu.{name}` string, else the name itself. */
export function menuLabel(t: TFunction<'menu'>, name: string): string {
  return isMenuTitle(name) ? t(name) : name;
}

import { Icon } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { createElement } from 'react';
import { menuIcon } from '../../app/shellApi.ts';

/** Every Blueprint icon name, sorted, for the icon picker. */
export const ICON_NAMES: readonly IconName[] = [...new Set(Object.values(IconNames))].sort();

const KNOWN = new Set<string>(ICON_NAMES);

/** True when `name` is a Blueprint icon (menu icons are free text on the server). */
export function isIconName(name: string): name is IconName {
  return KNOWN.has(name);
}

/** The icon of a menu as the sidebar draws it (the shell's one icon rule), or nothing. */
export function MenuIcon({ node }: { node: { name: string; icon: string } }) {
  const icon = menuIcon(node);
  return icon === null ? null : createElement(Icon, { icon });
}

import { Icon } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { createElement } from 'react';

/** Every Blueprint icon name, sorted, for the icon picker. */
export const ICON_NAMES: readonly IconName[] = [...new Set(Object.values(IconNames))].sort();

const KNOWN = new Set<string>(ICON_NAMES);

/** True when `name` is a Blueprint icon (menu icons are free text on the server). */
export function isIconName(name: string): name is IconName {
  return KNOWN.has(name);
}

/** The Blueprint icon of a menu, or nothing when the stored name is not one. */
export function MenuIcon({ name }: { name: string }) {
  return isIconName(name) ? createElement(Icon, { icon: name }) : null;
}

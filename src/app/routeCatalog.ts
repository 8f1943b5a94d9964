import type { IconName } from '@blueprintjs/icons';
import type { zhCN } from '../i18n/resources.ts';

export type MenuTitle = keyof typeof zhCN.menu;

/**
 * What the shell knows about a page without loading it (spec §2). Pages and the shell read this;
 * only `routeTable.ts` attaches the page components, so no page ever imports a page back.
 */
export interface RouteInfo {
  path: string;
  /** Route title: the tag's title and the `menu.{title}` label. */
  title: MenuTitle;
  /** The role-menu name that unlocks the page. */
  menu: string;
  /** Fallback icon: the sidebar draws the menu's own icon when it names a Blueprint icon. */
  icon: IconName;
  hidden?: boolean;
  /** Pages that draw the whole screen themselves (the cockpit, the task map). */
  bare?: boolean;
  affix?: boolean;
  noCache?: boolean;
}

export const HOME_PATH = '/dashboard';

function info(path: string, title: MenuTitle, icon: IconName, extra: Partial<RouteInfo> = {}) {
  return { path, title, menu: title, icon, ...extra } satisfies RouteInfo;
}

/** Every page behind sign-in, in sidebar order. Icons match the seeded menu tree's. */
export const ROUTE_CATALOG: readonly RouteInfo[] = [
  info(HOME_PATH, 'workbench', 'dashboard', { affix: true }),
  info('/task', 'task', 'timeline-events'),
  info('/taskInfo/:id', 'taskInfo', 'document', { menu: 'task', hidden: true }),
  info('/taskInfoMap', 'taskInfoMap', 'map', { menu: 'task', hidden: true, bare: true }),
  info('/subtasksInfo/:id', 'subtasksInfo', 'document', { menu: 'task', hidden: true }),
  info('/wayline', 'wayline', 'route'),
  info('/waylineEditor/:id', 'edit', 'map-create', { menu: 'wayline', hidden: true }),
  info('/device', 'device', 'satellite'),
  info('/workspace', 'workspace', 'office'),
  info('/users', 'users', 'people'),
  info('/role', 'role', 'key'),
  info('/resources', 'resources', 'media'),
  info('/aralm', 'aralm', 'warning-sign'),
  info('/model', 'model', 'cube'),
  info('/model_ai', 'model_ai', 'map-marker'),
  info('/meunan', 'meunan', 'menu'),
  info('/video_square', 'video_square', 'video'),
  info('/logs', 'logs', 'history'),
  info('/drone_ctl', 'drone_ctl', 'airplane', { hidden: true, bare: true, noCache: true }),
  info('/linxiu', 'linxiu', 'heat-grid'),
  info('/notifications', 'notifications', 'notifications'),
  info('/replay', 'replay', 'play'),
  info('/airspace', 'airspace', 'polygon-filter'),
  info('/sample', 'sample', 'th', { menu: 'workbench', hidden: true }),
];

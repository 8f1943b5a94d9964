import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { IconName } from '@blueprintjs/icons';
import type { zhCN } from '../i18n/resources.ts';

export type MenuTitle = keyof typeof zhCN.menu;

/** One console page (spec §2). `menu` is the role-menu name that unlocks it. */
export interface AppRoute {
  path: string;
  /** Route title: the tag's title and the `menu.{title}` label. */
  title: MenuTitle;
  menu: string;
  icon: IconName;
  component: LazyExoticComponent<ComponentType>;
  hidden?: boolean;
  /** Pages that draw the whole screen themselves (the cockpit, the task map). */
  bare?: boolean;
  affix?: boolean;
  noCache?: boolean;
}

const building = lazy(() => import('../pages/building/BuildingPage.tsx'));

function later(path: string, title: MenuTitle, icon: IconName, extra: Partial<AppRoute> = {}) {
  return { path, title, menu: title, icon, component: building, ...extra } satisfies AppRoute;
}

/** A delivered page: its own lazily loaded component. */
function page(
  path: string,
  title: MenuTitle,
  load: () => Promise<{ default: ComponentType }>,
  icon: IconName,
  extra: Partial<AppRoute> = {},
) {
  return { path, title, menu: title, icon, component: lazy(load), ...extra } satisfies AppRoute;
}

export const HOME_PATH = '/dashboard';

/** Every page behind sign-in, in sidebar order. A page a later issue owns shows the building page. */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: HOME_PATH,
    title: 'workbench',
    menu: 'workbench',
    icon: 'dashboard',
    affix: true,
    component: lazy(() => import('../pages/dashboard/DashboardPage.tsx')),
  },
  later('/task', 'task', 'th-list'),
  later('/taskInfo/:id', 'taskInfo', 'document', { menu: 'task', hidden: true }),
  later('/taskInfoMap', 'taskInfoMap', 'map', { menu: 'task', hidden: true, bare: true }),
  later('/subtasksInfo/:id', 'subtasksInfo', 'document', { menu: 'task', hidden: true }),
  later('/wayline', 'wayline', 'route'),
  page('/device', 'device', () => import('../pages/device/DevicePage.tsx'), 'airplane'),
  page('/workspace', 'workspace', () => import('../pages/workspace/WorkspacePage.tsx'), 'projects'),
  page('/users', 'users', () => import('../pages/users/UsersPage.tsx'), 'people'),
  page('/role', 'role', () => import('../pages/role/RolePage.tsx'), 'shield'),
  later('/resources', 'resources', 'media'),
  later('/aralm', 'aralm', 'predictive-analysis'),
  later('/model', 'model', 'cube'),
  later('/model_ai', 'model_ai', 'layout-auto'),
  page('/meunan', 'meunan', () => import('../pages/meunan/MenuPage.tsx'), 'menu'),
  later('/video_square', 'video_square', 'video'),
  page('/logs', 'logs', () => import('../pages/logs/LogsPage.tsx'), 'history'),
  later('/drone_ctl', 'drone_ctl', 'control', { hidden: true, bare: true, noCache: true }),
  later('/linxiu', 'linxiu', 'heat-grid'),
  {
    path: '/sample',
    title: 'sample',
    menu: 'workbench',
    icon: 'th',
    hidden: true,
    component: lazy(() => import('../pages/sample/SampleListPage.tsx')),
  },
];

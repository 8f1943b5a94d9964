import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_CATALOG, type RouteInfo } from './routeCatalog.ts';

export { HOME_PATH, type MenuTitle } from './routeCatalog.ts';

/** One console page with its lazily loaded component. Only the shell's router reads this. */
export interface AppRoute extends RouteInfo {
  component: LazyExoticComponent<ComponentType>;
}

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The page of every catalog path. This is the one module that imports pages; pages never import it
 * (see shellApi).
 */
const PAGES: Readonly<Record<string, () => PageModule>> = {
  '/dashboard': () => import('../pages/dashboard/DashboardPage.tsx'),
  '/device': () => import('../pages/devices/DevicePage.tsx'),
  '/workspace': () => import('../pages/workspaces/WorkspacePage.tsx'),
  '/users': () => import('../pages/users/UsersPage.tsx'),
  '/role': () => import('../pages/roles/RolePage.tsx'),
  '/meunan': () => import('../pages/menus/MenuPage.tsx'),
  '/logs': () => import('../pages/logs/LogsPage.tsx'),
  '/wayline': () => import('../pages/wayline/WaylinePage.tsx'),
  '/waylineEditor/:id': () => import('../pages/waylineEditor/WaylineEditorPage.tsx'),
  '/task': () => import('../pages/task/TaskPage.tsx'),
  '/aralm': () => import('../pages/aiAlarms/AralmPage.tsx'),
  '/model': () => import('../pages/aiModels/ModelPage.tsx'),
  '/linxiu': () => import('../pages/gas/LinxiuPage.tsx'),
  '/notifications': () => import('../pages/notifications/NotificationsPage.tsx'),
  '/replay': () => import('../pages/replay/ReplayPage.tsx'),
  '/airspace': () => import('../pages/airspace/AirspacePage.tsx'),
  '/model_ai': () => import('../pages/featurePoints/ModelAiPage.tsx'),
  '/taskInfo/:id': () => import('../pages/taskInfo/TaskInfoPage.tsx'),
  '/subtasksInfo/:id': () => import('../pages/subtasksInfo/SubtaskPage.tsx'),
  '/taskInfoMap': () => import('../pages/taskInfoMap/TaskInfoMapPage.tsx'),
  '/resources': () => import('../pages/media/ResourcesPage.tsx'),
  '/sample': () => import('../pages/sample/SampleListPage.tsx'),
  '/video_square': () => import('../pages/videoWall/VideoSquarePage.tsx'),
  '/drone_ctl': () => import('../pages/cockpit/CockpitPage.tsx'),
};

/** Every page behind sign-in, in sidebar order, each with its component. */
export const APP_ROUTES: readonly AppRoute[] = ROUTE_CATALOG.map((info) => {
  const load = PAGES[info.path];
  // A menu entry without its page is a mistake in this table, caught when the console loads (and by
  // its unit test), never a stand-in page shown to a user.
  if (load === undefined) throw new Error(`the route ${info.path} has no page`);
  return { ...info, component: lazy(load) };
});

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_CATALOG, type RouteInfo } from './routeCatalog.ts';

export { HOME_PATH, type MenuTitle } from './routeCatalog.ts';

/** One console page with its lazily loaded component. Only the shell's router reads this. */
export interface AppRoute extends RouteInfo {
  component: LazyExoticComponent<ComponentType>;
}

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The delivered pages by path. A catalog path missing here shows the building page until a later
 * issue delivers it. This is the one module that imports pages; pages never import it (see shellApi).
 */
const PAGES: Readonly<Record<string, () => PageModule>> = {
  '/dashboard': () => import('../pages/dashboard/DashboardPage.tsx'),
  '/device': () => import('../pages/device/DevicePage.tsx'),
  '/workspace': () => import('../pages/workspace/WorkspacePage.tsx'),
  '/users': () => import('../pages/users/UsersPage.tsx'),
  '/role': () => import('../pages/role/RolePage.tsx'),
  '/meunan': () => import('../pages/meunan/MenuPage.tsx'),
  '/logs': () => import('../pages/logs/LogsPage.tsx'),
  '/wayline': () => import('../pages/wayline/WaylinePage.tsx'),
  '/waylineEditor/:id': () => import('../pages/waylineEditor/WaylineEditorPage.tsx'),
  '/task': () => import('../pages/task/TaskPage.tsx'),
  '/aralm': () => import('../pages/aralm/AralmPage.tsx'),
  '/taskInfo/:id': () => import('../pages/taskInfo/TaskInfoPage.tsx'),
  '/subtasksInfo/:id': () => import('../pages/subtasksInfo/SubtaskPage.tsx'),
  '/taskInfoMap': () => import('../pages/taskInfoMap/TaskInfoMapPage.tsx'),
  '/resources': () => import('../pages/resources/ResourcesPage.tsx'),
  '/sample': () => import('../pages/sample/SampleListPage.tsx'),
  '/video_square': () => import('../pages/videoSquare/VideoSquarePage.tsx'),
  '/drone_ctl': () => import('../pages/droneCtl/DroneCtlPage.tsx'),
};

const building = lazy(() => import('../pages/building/BuildingPage.tsx'));

/** Every page behind sign-in, in sidebar order, each with its component. */
export const APP_ROUTES: readonly AppRoute[] = ROUTE_CATALOG.map((info) => {
  const load = PAGES[info.path];
  return { ...info, component: load ? lazy(load) : building };
});

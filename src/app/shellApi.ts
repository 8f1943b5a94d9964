/**
 * What pages may use of the shell: route facts, menu labels and icons, the sidebar model, toasts and
 * the workspace tree. Nothing here imports a page, so pages that import this never import themselves
 * back through the router (`routeTable.ts` is the only module that loads pages). A test walks the
 * import graph to keep it that way.
 */
export { HOME_PATH, ROUTE_CATALOG, type MenuTitle, type RouteInfo } from './routeCatalog.ts';
export { matchRoute, menuNames, permittedRoutes, type RouteMatch } from './routeMatch.ts';
export { isIconName, menuIcon } from './menuIcon.ts';
export { menuLabel } from './layout/menuLabel.ts';
export { buildSidebar, type SidebarItem } from './layout/sidebarItems.ts';
export { SYSTEM_TITLE } from './layout/usePageTitle.ts';
export { LanguageSwitch } from './layout/LanguageSwitch.tsx';
export { toastError, toastSuccess } from './toaster.ts';
export { flattenWorkspaces } from './workspaces.ts';
export { currentAddress, loginAddress, navigateTo, safeRedirect } from './navigation.ts';

import type { MenuView } from '../state/account.ts';
import { matchPath } from 'react-router';
import { ROUTE_CATALOG, type RouteInfo } from './routeCatalog.ts';

/** Every menu name in a role's menu tree. */
export function menuNames(menus: readonly MenuView[]): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: readonly MenuView[]) => {
    for (const node of nodes) {
      names.add(node.name);
      walk(node.children ?? []);
    }
  };
  walk(menus);
  return names;
}

/** The routes (of `all`, default: the catalog) a role's menu unlocks: those whose menu name it holds. */
export function permittedRoutes(menus: readonly MenuView[] | null): RouteInfo[];
export function permittedRoutes<R extends RouteInfo>(
  menus: readonly MenuView[] | null,
  all: readonly R[],
): R[];
export function permittedRoutes(
  menus: readonly MenuView[] | null,
  all: readonly RouteInfo[] = ROUTE_CATALOG,
): RouteInfo[] {
  if (menus === null) return [];
  const names = menuNames(menus);
  return all.filter((r) => names.has(r.menu));
}

export interface RouteMatch<R extends RouteInfo = RouteInfo> {
  route: R;
  params: Record<string, string>;
}

/** The route (of `routes`) that draws `pathname`, with its parameters. */
export function matchRoute<R extends RouteInfo>(
  pathname: string,
  routes: readonly R[],
): RouteMatch<R> | null {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(match.params)) if (v !== undefined) params[k] = v;
      return { route, params };
    }
  }
  return null;
}

/** What the layout shows for a path: a permitted page, or one of the error pages. */
export type Resolved<R extends RouteInfo = RouteInfo> =
  { kind: 'page'; match: RouteMatch<R> } | { kind: 'error'; status: '403' | '404' | '500' };

/** Decides what the layout draws at `pathname` for the permitted routes. */
export function resolvePath<R extends RouteInfo>(
  pathname: string,
  permitted: readonly R[],
): Resolved<R> {
  const match = matchRoute(pathname, permitted);
  if (match) return { kind: 'page', match };
  if (pathname === '/403' || matchRoute(pathname, ROUTE_CATALOG))
    return { kind: 'error', status: '403' };
  if (pathname === '/500') return { kind: 'error', status: '500' };
  return { kind: 'error', status: '404' };
}

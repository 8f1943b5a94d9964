import type { MenuView } from '../state/account.ts';
import { matchPath } from 'react-router';
import { APP_ROUTES, type AppRoute } from './routeTable.ts';

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

/** The routes a role's menu unlocks: those whose menu name the tree holds (spec §4). */
export function permittedRoutes(menus: readonly MenuView[] | null): AppRoute[] {
  if (menus === null) return [];
  const names = menuNames(menus);
  return APP_ROUTES.filter((r) => names.has(r.menu));
}

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/** The route (of `routes`) that draws `pathname`, with its parameters. */
export function matchRoute(pathname: string, routes: readonly AppRoute[]): RouteMatch | null {
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
export type Resolved =
  { kind: 'page'; match: RouteMatch } | { kind: 'error'; status: '403' | '404' | '500' };

/** Decides what the layout draws at `pathname` for the permitted routes. */
export function resolvePath(pathname: string, permitted: readonly AppRoute[]): Resolved {
  const match = matchRoute(pathname, permitted);
  if (match) return { kind: 'page', match };
  if (pathname === '/403' || matchRoute(pathname, APP_ROUTES))
    return { kind: 'error', status: '403' };
  if (pathname === '/500') return { kind: 'error', status: '500' };
  return { kind: 'error', status: '404' };
}

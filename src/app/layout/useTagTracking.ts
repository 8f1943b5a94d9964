import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { addTag, tagsStore, type Tag } from '../../state/tags.ts';
import type { RouteInfo } from '../routeCatalog.ts';
import type { RouteMatch } from '../routeMatch.ts';
import { HOME_PATH } from '../routeCatalog.ts';

function tagOf(route: RouteInfo, path: string, fullPath: string, match?: RouteMatch): Tag {
  return {
    path,
    fullPath,
    name: route.title,
    title: route.title,
    meta: { title: route.title, affix: route.affix ?? false, noCache: route.noCache ?? false },
    params: match?.params ?? {},
    query: Object.fromEntries(new URL(fullPath, window.location.origin).searchParams),
  };
}

/**
 * Opens (or updates) a tag for every page the user visits inside the layout. Pinned (affix) pages
 * get their tag first, whatever page the session starts on (e.g. a sign-in that redirects elsewhere).
 */
export function useTagTracking(match: RouteMatch | null, routes: readonly RouteInfo[]): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    for (const route of routes) {
      const pinned = route.affix === true && !route.path.includes(':');
      if (pinned && !tagsStore.tags.some((t) => t.path === route.path)) {
        addTag(tagOf(route, route.path, route.path), null, HOME_PATH);
      }
    }
  }, [routes]);
  useEffect(() => {
    if (!match) return;
    addTag(tagOf(match.route, location.pathname, fullPath, match), previous.current, HOME_PATH);
    previous.current = location.pathname;
  }, [match, location.pathname, fullPath]);
}

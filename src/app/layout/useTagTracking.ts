import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { addTag } from '../../state/tags.ts';
import type { RouteMatch } from '../routeMatch.ts';
import { HOME_PATH } from '../routeTable.ts';

/** Opens (or updates) a tag for every page the user visits inside the layout. */
export function useTagTracking(match: RouteMatch | null): void {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!match) return;
    const { route, params } = match;
    const query = Object.fromEntries(new URLSearchParams(location.search));
    addTag(
      {
        path: location.pathname,
        fullPath,
        name: route.title,
        title: route.title,
        meta: { title: route.title, affix: route.affix ?? false, noCache: route.noCache ?? false },
        params,
        query,
      },
      previous.current,
      HOME_PATH,
    );
    previous.current = location.pathname;
  }, [match, location.pathname, location.search, fullPath]);
}

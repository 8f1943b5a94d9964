import { Activity, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation, type Location } from 'react-router';
import { useTagsState } from '../../state/tags.ts';
import { LoadingMask } from '../LoadingMask.tsx';
import { matchRoute } from '../routeMatch.ts';
import type { AppRoute } from '../routeTable.ts';

function Page({ route, at, active }: { route: AppRoute; at: string | Location; active: boolean }) {
  const Component = route.component;
  // Only the page on screen may cover the screen with the loading mask; a hidden tab loads quietly.
  return (
    <Suspense fallback={active ? <LoadingMask /> : null}>
      <Routes location={at}>
        <Route path={route.path} element={<Component />} />
      </Routes>
    </Suspense>
  );
}

/**
 * Draws the active page and keeps the pages of the other open tags alive but hidden (React's
 * `<Activity>`), so coming back to a tag finds its state. noCache pages mount afresh each visit; a
 * refresh bumps the tag's counter, which changes the key and so drops the kept state.
 */
export function PageHost({
  routes,
  fallback,
}: {
  routes: readonly AppRoute[];
  fallback: ReactNode;
}) {
  const location = useLocation();
  const { tags, refreshes } = useTagsState();
  const active = matchRoute(location.pathname, routes);
  const cached = active !== null && !active.route.noCache;
  // The active page joins the kept list at once, before its tag exists, so that adding the tag later
  // reorders the list without remounting the page.
  const entries =
    tags.some((t) => t.path === location.pathname) || !cached
      ? tags
      : [...tags, { path: location.pathname, fullPath: location.pathname }];
  const kept: ReactNode[] = entries.map((tag) => {
    const match = matchRoute(tag.path, routes);
    if (!match || match.route.noCache) return null;
    const isActive = tag.path === location.pathname;
    return (
      <Activity
        key={`${tag.path}#${refreshes[tag.path] ?? 0}`}
        mode={isActive ? 'visible' : 'hidden'}
      >
        <Page route={match.route} at={isActive ? location : tag.fullPath} active={isActive} />
      </Activity>
    );
  });
  return (
    <main className="sd-page">
      {kept}
      {active && !cached && (
        <Page
          key={`${location.pathname}#${refreshes[location.pathname] ?? 0}`}
          route={active.route}
          at={location}
          active
        />
      )}
      {!active && fallback}
    </main>
  );
}

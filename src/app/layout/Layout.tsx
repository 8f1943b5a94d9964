import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ErrorView } from '../../pages/error/ErrorView.tsx';
import { useAccountState } from '../../state/account.ts';
import { useAppState } from '../../state/app.ts';
import { useTelemetryBridge } from '../../telemetry/useTelemetryBridge.ts';
import { permittedRoutes, resolvePath } from '../routeMatch.ts';
import { PageHost } from './PageHost.tsx';
import { Sidebar } from './Sidebar.tsx';
import { buildSidebar, groupPath } from './sidebarItems.ts';
import { TagBar } from './TagBar.tsx';
import { TopBar } from './TopBar.tsx';
import { useNarrow } from './useNarrow.ts';
import { usePageTitle } from './usePageTitle.ts';
import { useTagTracking } from './useTagTracking.ts';

const ERROR_TITLES = { '403': 'error403', '404': 'error404', '500': 'error500' } as const;

/** The shared frame: sidebar, top bar, tag bar and the kept-alive pages. */
export function Layout() {
  const { menus } = useAccountState();
  const { collapse } = useAppState();
  const narrow = useNarrow();
  const location = useLocation();
  const routes = useMemo(() => permittedRoutes(menus), [menus]);
  const sidebar = useMemo(() => buildSidebar(menus ?? [], routes), [menus, routes]);
  const resolved = useMemo(
    () => resolvePath(location.pathname, routes),
    [location.pathname, routes],
  );
  const match = resolved.kind === 'page' ? resolved.match : null;
  const title = match
    ? match.route.title
    : ERROR_TITLES[resolved.kind === 'error' ? resolved.status : '404'];
  useTagTracking(match);
  usePageTitle(title);
  // One MQTT link per signed-in tab, for every page: the top-bar indicator and live values everywhere.
  useTelemetryBridge();
  const collapsed = collapse || narrow;
  const crumbs = match
    ? [...(groupPath(sidebar, match.route.title) ?? []), match.route.title]
    : [title];
  return (
    <div className="sd-shell">
      <Sidebar items={sidebar} activeTitle={match?.route.title ?? null} collapsed={collapsed} />
      <div className="sd-main">
        <TopBar crumbs={crumbs} collapsed={collapsed} />
        <TagBar activePath={location.pathname} />
        <PageHost
          routes={routes}
          fallback={resolved.kind === 'error' && <ErrorView status={resolved.status} />}
        />
      </div>
    </div>
  );
}

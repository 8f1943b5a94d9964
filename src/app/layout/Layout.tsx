import { useMemo, useState } from 'react';
import { Drawer } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { ErrorView } from '../../pages/error/ErrorView.tsx';
import { useAccountState } from '../../state/account.ts';
import { setCollapse, useAppState } from '../../state/app.ts';
import { useTelemetryBridge } from '../../telemetry/useTelemetryBridge.ts';
import { AlarmToastHost } from '../../components/AlarmToast/AlarmToastHost.tsx';
import { permittedRoutes, resolvePath } from '../routeMatch.ts';
import { APP_ROUTES } from '../routeTable.ts';
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
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  const routes = useMemo(() => permittedRoutes(menus, APP_ROUTES), [menus]);
  const sidebar = useMemo(() => buildSidebar(menus ?? [], routes), [menus, routes]);
  const resolved = useMemo(
    () => resolvePath(location.pathname, routes),
    [location.pathname, routes],
  );
  const match = resolved.kind === 'page' ? resolved.match : null;
  const title = match
    ? match.route.title
    : ERROR_TITLES[resolved.kind === 'error' ? resolved.status : '404'];
  useTagTracking(match, routes);
  usePageTitle(title);
  // One MQTT link per signed-in tab, for every page: the top-bar indicator and live values everywhere.
  useTelemetryBridge();
  const crumbs = match
    ? [...(groupPath(sidebar, match.route.title) ?? []), match.route.title]
    : [title];
  return (
    <div className="sd-shell">
      <AlarmToastHost />
      {narrow ? (
        <Drawer
          isOpen={drawer}
          onClose={() => setDrawer(false)}
          position="left"
          size={260}
          className="sd-drawer"
        >
          <Sidebar
            items={sidebar}
            activeTitle={match?.route.title ?? null}
            collapsed={false}
            onNavigate={() => setDrawer(false)}
          />
        </Drawer>
      ) : (
        <Sidebar items={sidebar} activeTitle={match?.route.title ?? null} collapsed={collapse} />
      )}
      <div className="sd-main">
        <TopBar
          crumbs={crumbs}
          collapsed={collapse}
          narrow={narrow}
          onMenu={() => (narrow ? setDrawer(true) : setCollapse(!collapse))}
        />
        <TagBar activePath={location.pathname} />
        <PageHost
          routes={routes}
          fallback={resolved.kind === 'error' && <ErrorView status={resolved.status} />}
        />
      </div>
    </div>
  );
}

import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ErrorPage } from '../pages/error/ErrorPage.tsx';
import { LockPage } from '../pages/lock/LockPage.tsx';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { RedirectPage } from '../pages/redirect/RedirectPage.tsx';
import { ErrorView } from '../pages/error/ErrorView.tsx';
import { useAccountState } from '../state/account.ts';
import { useAppState } from '../state/app.ts';
import { Layout } from './layout/Layout.tsx';
import { usePageTitle } from './layout/usePageTitle.ts';
import { BackToConsole } from './layout/BackToConsole.tsx';
import { LoadingMask } from './LoadingMask.tsx';
import { registerNavigator } from './navigation.ts';
import { NoticeAlert } from './NoticeAlert.tsx';
import { RequireSession } from './RequireSession.tsx';
import { permittedRoutes, matchRoute } from './routeMatch.ts';
import { APP_ROUTES, HOME_PATH, type AppRoute } from './routeTable.ts';
import { useNoNativeValidation } from './useNoNativeValidation.ts';
import { useThemeClass } from './useThemeClass.ts';

const BARE_ROUTES = APP_ROUTES.filter((r) => r.bare);

/** A full-screen page without the layout; outside the role's menu it is a 403. */
function BarePage({ route }: { route: AppRoute }) {
  const { menus } = useAccountState();
  const allowed = permittedRoutes(menus, APP_ROUTES).includes(route);
  usePageTitle(allowed ? route.title : 'error403');
  const Component = route.component;
  if (!allowed) return <ErrorView status="403" />;
  return (
    <>
      <Suspense fallback={<LoadingMask />}>
        <Component />
      </Suspense>
      <BackToConsole />
    </>
  );
}

/**
 * Everything else: the layout pages, and the top-level `/403`, `/500` and unknown paths. Those three
 * move to their `/error/` page only when no user info is loaded and none can be (no token); a signed-in
 * user's session settles first and the error then shows inside the layout at the same address.
 */
function CatchAll() {
  const { pathname } = useLocation();
  const { userInfo } = useAccountState();
  const { authorization } = useAppState();
  const known = matchRoute(pathname, APP_ROUTES) !== null;
  if (!known && userInfo === null && authorization === null) {
    return <Navigate to={`/error${pathname}`} replace />;
  }
  return (
    <Guarded>
      <Layout />
    </Guarded>
  );
}

function Guarded({ children }: { children: ReactNode }) {
  return <RequireSession>{children}</RequireSession>;
}

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, replace) => void navigate(to, { replace }));
  }, [navigate]);
  return null;
}

/** The console's routes (spec §2). */
export function App() {
  useThemeClass();
  useNoNativeValidation();
  return (
    <>
      <NavigatorBridge />
      <NoticeAlert />
      <Routes>
        <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/lock" element={<LockPage />} />
        <Route path="/redirect/*" element={<RedirectPage />} />
        <Route path="/error/403" element={<ErrorPage status="403" />} />
        <Route path="/error/500" element={<ErrorPage status="500" />} />
        <Route path="/error/*" element={<ErrorPage status="404" />} />
        {BARE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <Guarded>
                <BarePage route={route} />
              </Guarded>
            }
          />
        ))}
        <Route path="*" element={<CatchAll />} />
      </Routes>
    </>
  );
}

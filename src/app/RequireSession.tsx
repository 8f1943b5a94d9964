import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAccountState } from '../state/account.ts';
import { useAppState } from '../state/app.ts';
import { bootstrapSession } from './bootstrapSession.ts';
import { LoadingMask } from './LoadingMask.tsx';
import { loginAddress } from './navigation.ts';

/** Guards a signed-in page: token, screen lock, then user info, menus and workspace (spec §4). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { authorization } = useAppState();
  const { sessionReady } = useAccountState();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const needsBootstrap = authorization !== null && !authorization.screenCode && !sessionReady;

  useEffect(() => {
    if (needsBootstrap) void bootstrapSession();
  }, [needsBootstrap]);

  if (authorization === null) return <Navigate to={loginAddress(here)} replace />;
  if (authorization.screenCode) {
    return <Navigate to={`/lock?redirect=${encodeURIComponent(here)}`} replace />;
  }
  if (!sessionReady) return <LoadingMask />;
  return children;
}

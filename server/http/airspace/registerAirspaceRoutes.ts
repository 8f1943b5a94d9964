import type { AppDeps, ZodApp } from '../context.ts';
import { registerAirspaceCheckRoute } from './airspaceCheckRoute.ts';
import { registerAirspaceImportRoute } from './airspaceImportRoute.ts';
import { registerAirspaceAreaRoutes } from './airspaceRoutes.ts';
import { registerAirspaceSyncRoutes } from './airspaceSyncRoutes.ts';

/** Every `/api/airspace/*` route. */
export function registerAirspaceRoutes(app: ZodApp, deps: AppDeps): void {
  registerAirspaceAreaRoutes(app, deps);
  registerAirspaceImportRoute(app, deps);
  registerAirspaceSyncRoutes(app, deps);
  registerAirspaceCheckRoute(app, deps);
}

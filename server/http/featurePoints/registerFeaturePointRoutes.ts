import type { AppDeps, ZodApp } from '../context.ts';
import { registerFeatureImportRoute } from './featureImportRoute.ts';
import { registerFeaturePhotoRoutes } from './featurePhotoRoutes.ts';
import { registerFeatureReadRoutes } from './featureReadRoutes.ts';
import { registerFeatureWaylineRoute } from './featureWaylineRoute.ts';
import { registerFeatureWriteRoutes } from './featureWriteRoutes.ts';

/** Every `/api/feature/*` route. */
export function registerFeaturePointRoutes(app: ZodApp, deps: AppDeps): void {
  registerFeatureReadRoutes(app, deps);
  registerFeatureWriteRoutes(app, deps);
  registerFeaturePhotoRoutes(app, deps);
  registerFeatureImportRoute(app, deps);
  registerFeatureWaylineRoute(app, deps);
}

import type { AppDeps, ZodApp } from '../context.ts';
import { registerRoleDeleteRoute } from './roleDeleteRoute.ts';
import { registerRoleListRoute } from './roleListRoute.ts';
import { registerRoleMenuRoutes } from './roleMenuRoutes.ts';
import { registerRoleWriteRoutes } from './roleWriteRoutes.ts';

/** Role list, add, update, delete, and the role ↔ menu routes. */
export function registerRoleRoutes(app: ZodApp, deps: AppDeps): void {
  registerRoleListRoute(app, deps);
  registerRoleWriteRoutes(app, deps);
  registerRoleDeleteRoute(app, deps);
  registerRoleMenuRoutes(app, deps);
}

import type { AppDeps, ZodApp } from '../context.ts';
import { registerWorkspaceDeleteRoute } from './workspaceDeleteRoute.ts';
import { registerWorkspaceReadRoutes } from './workspaceReadRoutes.ts';
import { registerWorkspaceWriteRoutes } from './workspaceWriteRoutes.ts';

/** Workspace list, tree, info, add, edit and delete. */
export function registerWorkspaceRoutes(app: ZodApp, deps: AppDeps): void {
  registerWorkspaceReadRoutes(app, deps);
  registerWorkspaceWriteRoutes(app, deps);
  registerWorkspaceDeleteRoute(app, deps);
}

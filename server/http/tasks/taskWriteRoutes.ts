import type { AppDeps, ZodApp } from '../context.ts';
import { registerTaskAddRoute } from './taskAddRoute.ts';
import { registerTaskCancelRoute } from './taskCancelRoute.ts';
import { registerTaskDeleteRoute } from './taskDeleteRoute.ts';

/** Create, cancel and delete; every change audited, refusals included. */
export function registerTaskWriteRoutes(app: ZodApp, deps: AppDeps): void {
  registerTaskAddRoute(app, deps);
  registerTaskCancelRoute(app, deps);
  registerTaskDeleteRoute(app, deps);
}

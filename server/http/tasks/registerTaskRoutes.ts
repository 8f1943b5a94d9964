import type { AppDeps, ZodApp } from '../context.ts';
import { registerSubtaskRoutes } from './subtaskRoutes.ts';
import { registerTaskControlRoutes } from './taskControlRoutes.ts';
import { registerTaskEditRoute } from './taskEditRoute.ts';
import { registerTaskFileRoute } from './taskFileRoute.ts';
import { registerTaskReadRoutes } from './taskReadRoutes.ts';
import { registerTaskWriteRoutes } from './taskWriteRoutes.ts';

/** Every `/api/task/*` route. */
export function registerTaskRoutes(app: ZodApp, deps: AppDeps): void {
  registerTaskReadRoutes(app, deps);
  registerTaskWriteRoutes(app, deps);
  registerTaskEditRoute(app, deps);
  registerTaskControlRoutes(app, deps);
  registerTaskFileRoute(app, deps);
  registerSubtaskRoutes(app, deps);
}

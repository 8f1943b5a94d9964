import type { AppDeps, ZodApp } from '../context.ts';
import { registerAiAlarmReadRoutes } from './aiAlarmReadRoutes.ts';
import { registerAiAlarmWriteRoutes } from './aiAlarmWriteRoutes.ts';

/** Every `/api/aralm/*` route (ingestion gets its snapshot storage from the composition root). */
export function registerAiAlarmRoutes(app: ZodApp, deps: AppDeps): void {
  registerAiAlarmReadRoutes(app, deps);
  registerAiAlarmWriteRoutes(app, deps);
}

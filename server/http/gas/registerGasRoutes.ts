import type { AppDeps, ZodApp } from '../context.ts';
import { registerGasReadRoutes } from './gasReadRoutes.ts';
import { registerGasThresholdRoutes } from './gasThresholdRoutes.ts';

/** Every `/api/linxiu/*` route. */
export function registerGasRoutes(app: ZodApp, deps: AppDeps): void {
  registerGasReadRoutes(app, deps);
  registerGasThresholdRoutes(app, deps);
}

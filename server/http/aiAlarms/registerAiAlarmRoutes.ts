import { setAiAlarmContext } from '../../ai/aiAlarmContext.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { registerAiAlarmReadRoutes } from './aiAlarmReadRoutes.ts';
import { registerAiAlarmWriteRoutes } from './aiAlarmWriteRoutes.ts';

/** Every `/api/aralm/*` route; also hands ingestion the storage its snapshots go to. */
export function registerAiAlarmRoutes(app: ZodApp, deps: AppDeps): void {
  setAiAlarmContext(deps.db, {
    storage: deps.storage,
    renderSnapshot: deps.simulator.renderSnapshot,
  });
  registerAiAlarmReadRoutes(app, deps);
  registerAiAlarmWriteRoutes(app, deps);
}

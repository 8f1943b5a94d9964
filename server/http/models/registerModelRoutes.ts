import { deployLinkFor } from '../../models/deployLink.ts';
import { simFleetModels } from '../../models/simFleetModels.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { registerModelDeployRoute } from './modelDeployRoute.ts';
import { registerModelReadRoutes } from './modelReadRoutes.ts';
import { registerModelUndeployRoute } from './modelUndeployRoute.ts';
import { registerModelUploadRoute } from './modelUploadRoute.ts';
import { registerModelWriteRoutes } from './modelWriteRoutes.ts';

/** Every `/api/model/*` route. */
export function registerModelRoutes(app: ZodApp, deps: AppDeps): void {
  registerModelReadRoutes(app, deps);
  registerModelUploadRoute(app, deps);
  const openLink = deployLinkFor(app, deps);
  registerModelWriteRoutes(app, deps, openLink);
  registerModelDeployRoute(app, deps, openLink);
  registerModelUndeployRoute(app, deps, openLink);
  // The simulated aircraft start without a model; they get theirs once online.
  simFleetModels(app, deps, openLink, deps.simulator.aircraftSns);
}

import { registerAlarmRoutes } from './alarms/alarmRoutes.ts';
import { registerAiAlarmRoutes } from './aiAlarms/registerAiAlarmRoutes.ts';
import { registerLoginRoutes } from './auth/loginRoutes.ts';
import type { AppDeps, ZodApp } from './context.ts';
import { registerDeviceReadRoutes } from './devices/deviceReadRoutes.ts';
import { registerDeviceWriteRoutes } from './devices/deviceWriteRoutes.ts';
import { registerLogRoutes } from './logs/logRoutes.ts';
import { registerMapRoutes } from '../map/mapRoutes.ts';
import { registerMenuRoutes } from './menus/menuRoutes.ts';
import { registerRoleRoutes } from './roles/roleRoutes.ts';
import { registerPasswordRoutes } from './users/passwordRoutes.ts';
import { registerUserRoutes } from './users/userRoutes.ts';
import { registerUserWriteRoutes } from './users/userWriteRoutes.ts';
import { registerWorkspaceRoutes } from './workspaces/workspaceRoutes.ts';
import { registerWaylineReadRoutes } from './waylines/waylineReadRoutes.ts';
import { registerWaylineUploadRoute } from './waylines/waylineUploadRoute.ts';
import { registerWaylineWriteRoutes } from './waylines/waylineWriteRoutes.ts';
import { registerTaskRoutes } from './tasks/registerTaskRoutes.ts';
import { registerDrcRoutes } from './drc/drcRoutes.ts';
import { registerVideoRoutes } from './video/videoRoutes.ts';
import { registerMediaRoutes } from './media/registerMediaRoutes.ts';

/** Every `/api` route of this module (the MQTT config route is the broker's). */
export function registerRoutes(app: ZodApp, deps: AppDeps): void {
  registerLoginRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerUserWriteRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerRoleRoutes(app, deps);
  registerMenuRoutes(app, deps);
  registerWorkspaceRoutes(app, deps);
  registerDeviceReadRoutes(app, deps);
  registerDeviceWriteRoutes(app, deps);
  registerLogRoutes(app, deps);
  registerWaylineReadRoutes(app, deps);
  registerWaylineUploadRoute(app, deps);
  registerWaylineWriteRoutes(app, deps);
  registerTaskRoutes(app, deps);
  registerMapRoutes(app, deps);
  registerAlarmRoutes(app, deps);
  registerDrcRoutes(app, deps);
  registerVideoRoutes(app, deps);
  registerMediaRoutes(app, deps);
  registerAiAlarmRoutes(app, deps);
}

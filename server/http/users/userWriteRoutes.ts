import type { AppDeps, ZodApp } from '../context.ts';
import { registerUserAddRoute } from './userAddRoute.ts';
import { registerUserDeleteRoute } from './userDeleteRoute.ts';
import { registerUserEditRoute } from './userEditRoute.ts';
import { registerUserProfileRoute } from './userProfileRoute.ts';

/** Add, edit, delete users and edit one's own profile. */
export function registerUserWriteRoutes(app: ZodApp, deps: AppDeps): void {
  registerUserAddRoute(app, deps);
  registerUserEditRoute(app, deps);
  registerUserDeleteRoute(app, deps);
  registerUserProfileRoute(app, deps);
}

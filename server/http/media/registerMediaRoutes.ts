import type { AppDeps, ZodApp } from '../context.ts';
import { registerMediaReadRoutes } from './mediaReadRoutes.ts';
import { registerMediaWriteRoutes } from './mediaWriteRoutes.ts';
import { registerS3Endpoint } from './s3Endpoint.ts';

/** The media library's API and the docks' upload endpoint. */
export function registerMediaRoutes(app: ZodApp, deps: AppDeps): void {
  registerMediaReadRoutes(app, deps);
  registerMediaWriteRoutes(app, deps);
  registerS3Endpoint(app, deps);
}

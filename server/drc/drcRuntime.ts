/**
 * The DRC service of each app, started by the composition root (into `deps.drc`, where its routes
 * find it) and closed with the app. It talks to the docks through the app's device gateway; sessions
 * of an earlier run come back once the gateway is open.
 */
import type { FastifyInstance } from 'fastify';
import { derivedSecret } from '../auth/derivedSecret.ts';
import type { AppDeps } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import { realScheduler } from '../runtime/scheduler.ts';
import { drcLinkOn } from './drcLink.ts';
import { DrcService } from './drcService.ts';

/** Creates the app's service; it closes before the app's broker goes away. */
export function startDrcRuntime(app: FastifyInstance, deps: AppDeps, log: Log): DrcService {
  const service = new DrcService({
    db: deps.db,
    config: deps.config,
    events: deps.events,
    log,
    scheduler: realScheduler,
    secret: derivedSecret(deps.tokenSecret, 'drc-broker'),
    connect: () => Promise.resolve(drcLinkOn(deps.devices)),
  });
  deps.drc.set(service);
  deps.devices.whenOpen(() =>
    service.restore().catch((error: unknown) => {
      log.error(`drc: could not take the sessions back: ${String(error)}`);
    }),
  );
  app.addHook('preClose', async () => {
    deps.drc.set(null);
    await service.close();
  });
  return service;
}

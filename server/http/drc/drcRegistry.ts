/**
 * The DRC service of each app, created with the routes and closed with the app. Its broker link
 * opens on the first entry, over the same address and server account the ingestion uses.
 */
import type { AppDeps, ZodApp } from '../context.ts';
import { DrcService } from '../../drc/drcService.ts';
import { startDrcLink } from '../../drc/drcLink.ts';
import { MQTT_WS_PATH } from '../../mqtt/embeddedBroker.ts';
import { DEFAULT_SERVER_USERNAME } from '../../mqtt/brokerAuth.ts';
import { realScheduler } from '../../mqtt/scheduler.ts';
import { derivedSecret } from '../../auth/derivedSecret.ts';
import type { Db } from '../../db/Db.ts';

/** How long a cockpit service waits for the dock's reply, ms. */
const REPLY_TIMEOUT_MS = 10_000;

const services = new WeakMap<Db, DrcService>();

/** The DRC service of the app on `db` (tests reach it to drive its clock). */
export function drcServiceOf(db: Db): DrcService | undefined {
  return services.get(db);
}

function brokerUrl(app: ZodApp, deps: AppDeps): string {
  if (deps.config.mqttUrl) return deps.config.mqttUrl;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.port;
  const host =
    deps.config.host === '0.0.0.0' || deps.config.host === '::' ? '127.0.0.1' : deps.config.host;
  return `ws://${host}:${String(port)}${MQTT_WS_PATH}`;
}

/** Creates the app's service and closes it before the app's broker goes away. */
export function createDrcService(app: ZodApp, deps: AppDeps): DrcService {
  const log = {
    info: (msg: string) => app.log.info(msg),
    warn: (msg: string) => app.log.warn(msg),
    error: (msg: string) => app.log.error(msg),
  };
  const service = new DrcService({
    db: deps.db,
    config: deps.config,
    events: deps.events,
    log,
    scheduler: realScheduler,
    secret: derivedSecret(deps.tokenSecret, 'drc-broker'),
    connect: () =>
      startDrcLink({
        url: brokerUrl(app, deps),
        username: DEFAULT_SERVER_USERNAME,
        password: derivedSecret(deps.tokenSecret, 'mqtt-server'),
        log,
        replyTimeoutMs: REPLY_TIMEOUT_MS,
      }),
  });
  services.set(deps.db, service);
  // Sessions of an earlier run come back once the server listens (the broker link needs the port).
  app.addHook('onListen', async () => {
    await service.restore().catch((error: unknown) => {
      log.error(`drc: could not take the sessions back: ${String(error)}`);
    });
  });
  app.addHook('preClose', async () => {
    services.delete(deps.db);
    await service.close();
  });
  return service;
}

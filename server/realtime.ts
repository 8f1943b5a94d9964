/**
 * Wires the real-time half of Skydeck into the HTTP app: the MQTT broker (embedded Aedes, or an
 * external one through `MQTT_URL`), telemetry ingestion and the simulated fleet. Everything starts
 * with the app and stops with `app.close()`, so tests and `npm start` share one lifecycle.
 */
import { derivedSecret } from './auth/derivedSecret.ts';
import { countBrokerTraffic, registerRealtimeProbes } from './ops/realtimeProbes.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { SkydeckExtension } from './app.ts';
import type { Config } from './config.ts';
import type { Db } from './db/Db.ts';
import { DEFAULT_SERVER_USERNAME } from './mqtt/brokerAuth.ts';
import { MQTT_WS_PATH, startEmbeddedBroker } from './mqtt/embeddedBroker.ts';
import type { EmbeddedBroker } from './mqtt/embeddedBroker.ts';
import type { Ingestion } from './mqtt/ingestion.ts';
import { trackRetentionDays } from './mqtt/trackPartitions.ts';
import type { Log } from './runtime/log.ts';
import { registerConfigRequest } from './mqtt/configRequest.ts';
import type { RequestRegistry } from './mqtt/requestRegistry.ts';
import { rememberDeviceSecret } from './mqtt/deviceSecrets.ts';
import type { AppDeps } from './http/context.ts';
import { realScheduler } from './runtime/scheduler.ts';
import { featureRuntimes } from './realtime/featureRuntimes.ts';
import type { FeatureRuntimes } from './realtime/featureRuntimes.ts';
import { followPrincipalChanges } from './realtime/followPrincipalChanges.ts';
import { registerBrokerAuth } from './realtime/registerBrokerAuth.ts';
import type { RunningClients } from './realtime/runningClients.ts';
import { startServerClients } from './realtime/startServerClients.ts';
import { buildFleet, simSecret } from './sim/fleet.ts';
import { mqttTransport } from './sim/mqttTransport.ts';
import { onboardDbStore } from './sim/ai/onboardDbStore.ts';
import { registerSimFleet } from './sim/registerSimFleet.ts';
import { startSimulator } from './sim/simulator.ts';
import type { Simulator } from './sim/simulator.ts';

function asLog(logger: FastifyBaseLogger): Log {
  return {
    info: (msg) => logger.info(msg),
    warn: (msg) => logger.warn(msg),
    error: (msg) => logger.error(msg),
  };
}

/** Where the server's own clients (ingestion, simulator) reach the broker. */
function internalUrl(config: Config, broker: EmbeddedBroker | null, httpPort: number): string {
  if (config.mqttUrl) return config.mqttUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return broker?.tcpPort != null
    ? `mqtt://${host}:${broker.tcpPort}`
    : `ws://${host}:${httpPort}${MQTT_WS_PATH}`;
}

async function firstProjectId(db: Db): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    'select id from workspaces where mold_id = 2 order by id limit 1',
  );
  return rows[0]?.id;
}

/** Everything the extension started, the simulator included. */
interface Running extends RunningClients {
  sim: Simulator | null;
}

/** What the extension's start (after listen) and stop (before close) share. */
interface Realtime {
  app: Parameters<SkydeckExtension>[0];
  deps: AppDeps;
  log: Log;
  requests: RequestRegistry;
  features: FeatureRuntimes;
  /** The password of the server's own broker account. */
  serverSecret: string;
  retentionDays: number;
  running: Running;
}

async function startSim(
  deps: AppDeps,
  url: string,
  key: string,
  log: Log,
  ingestion: Ingestion | null,
) {
  const { db, config } = deps;
  if (config.simDrones === 0) return null;
  const projectId = await firstProjectId(db);
  if (projectId === undefined) {
    log.warn('simulator: no project to register the simulated fleet in; simulator not started');
    return null;
  }
  const fleet = buildFleet({
    drones: config.simDrones,
    seed: config.simSeed,
    center: config.simCenter,
  });
  await registerSimFleet(db, projectId, fleet, key);
  // Ingestion read the devices when it started, before this registration on a new database: without
  // a fresh read it ignored the simulated fleet (no presence, no stored track) until some later
  // device change made it read them again.
  await ingestion?.devicesChanged();
  // A broker that checks passwords itself needs the docks' secrets (deviceSecrets.ts).
  if (config.mqttDynsec)
    for (const { dock } of fleet)
      await rememberDeviceSecret(db, deps.tokenSecret, dock.sn, simSecret(dock.sn, key));
  return startSimulator({
    fleet,
    seed: config.simSeed,
    hz: config.simOsdHz,
    patrols: config.simPatrols,
    secretKey: key,
    transport: mqttTransport({ url, log }),
    scheduler: realScheduler,
    // The simulated aircraft keep their detection models in the database across restarts.
    onboard: onboardDbStore(db),
    detectionIntervalS: config.simDetectionS,
    timeScale: config.simTimeScale,
  });
}

/** Answers of the devices' `config` request, from the server's configuration. */
function registerOwnRequests(requests: RequestRegistry, config: Config): void {
  const c = config.deviceConfig;
  registerConfigRequest(requests, {
    ntp_server_host: c.ntpServerHost,
    app_id: c.appId,
    app_key: c.appKey,
    app_license: c.appLicense,
  });
}

/**
 * The broker, ingestion and simulator as one Skydeck extension. `setup` registers further `requests`
 * handlers (the task engine's `flighttask_resource_get`, `storage_config_get`).
 */
export function createRealtimeExtension(
  setup?: (requests: RequestRegistry, deps: AppDeps) => void,
): SkydeckExtension {
  return (app, { deps }) => realtime(app, deps, setup);
}

/**
 * Once the server listens: our own clients (they may have to come in through the WebSocket on the
 * HTTP port), the device gateway, the features that reach the devices, and the simulated fleet.
 */
async function startClients(rt: Realtime): Promise<void> {
  const { app, deps, log, running, serverSecret } = rt;
  const { config, tokenSecret } = deps;
  const address = app.server.address();
  const httpPort = typeof address === 'object' && address ? address.port : config.port;
  const url = internalUrl(config, running.broker, httpPort);
  const username = DEFAULT_SERVER_USERNAME;
  await startServerClients(running, {
    deps,
    log,
    url,
    serverSecret,
    retentionDays: rt.retentionDays,
    requests: rt.requests,
  });
  // The one door to the devices opens here, with the same account and address as ingestion. An
  // external broker may serve several instances: the gateway's once-per-deployment lane then
  // hears through a shared subscription.
  await deps.devices.start({
    url,
    username,
    password: serverSecret,
    shared: Boolean(config.mqttUrl),
  });
  // The docks fetch task files over HTTP from where the server listens (or `PUBLIC_URL`).
  const httpHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  await rt.features.start(`http://${httpHost}:${String(httpPort)}`);
  running.sim = await startSim(
    deps,
    url,
    derivedSecret(tokenSecret, 'sim'),
    log,
    running.ingestion,
  );
  // Sealed secrets of the simulated docks were only just written: give them accounts too.
  if (running.sim && running.mosquitto) await running.mosquitto.resync();
}

/** Stops everything the extension started, in the order that loses no acknowledged message. */
async function stopRealtime(rt: Realtime, stopListening: () => void): Promise<void> {
  const { deps, running } = rt;
  // From here on the server is leaving: the simulator stopping and the broker closing end device
  // connections, and other instances (or this one after a restart) still hear those devices.
  running.ingestion?.leaving();
  stopListening();
  running.trackUpkeep?.stop();
  await running.sim?.stop();
  await rt.features.stop();
  await deps.devices.close();
  // Batched writes of what was acknowledged so far go in first; then the broker closes, telling
  // devices and consoles to reconnect (elsewhere). Ingestion closes only after the broker: a
  // device's QoS 1 publish acknowledged until its connection ended is still stored.
  const { health } = deps;
  await health.stopStep('ingestion flush', async () => running.ingestion?.flush());
  await running.relay?.close();
  await health.stopStep('MQTT broker close', async () => running.broker?.close());
  await health.stopStep('ingestion last flush', async () => running.ingestion?.close());
  await running.mosquitto?.close();
}

async function realtime(
  app: Parameters<SkydeckExtension>[0],
  deps: AppDeps,
  setup?: (requests: RequestRegistry, d: AppDeps) => void,
): Promise<void> {
  const { config, tokenSecret } = deps;
  const log = asLog(app.log);
  // The requests the devices ask are answered from the gateway's registry (ingestion replies).
  const requests = deps.devices.requests;
  registerOwnRequests(requests, config);
  const features = featureRuntimes(deps, log, requests);
  setup?.(requests, deps);
  const serverSecret = derivedSecret(tokenSecret, 'mqtt-server');
  const retentionDays = trackRetentionDays();
  const auth = await registerBrokerAuth(app, deps, log, serverSecret);

  const running: Running = {
    broker: null,
    mosquitto: null,
    relay: null,
    ingestion: null,
    trackUpkeep: null,
    sim: null,
  };
  registerRealtimeProbes(deps, {
    broker: () => running.broker,
    ingestion: () => running.ingestion,
    external: Boolean(config.mqttUrl),
  });
  const stopListening = followPrincipalChanges(deps, running, log);
  // The broker takes over `/mqtt` upgrades before the first connection can arrive.
  // With a managed Mosquitto it stays on for the consoles only (WebSocket, see consoleRelay.ts).
  app.addHook('onReady', async () => {
    if (config.mqttUrl && !config.mqttDynsec) return;
    running.broker = await startEmbeddedBroker({
      log,
      auth,
      tcpPort: config.mqttUrl ? null : config.mqttTcpPort,
      tcpHost: config.host,
      httpServer: app.server,
      closeGraceMs: config.wsCloseGraceMs,
    });
    countBrokerTraffic(deps, running.broker);
  });
  const rt: Realtime = { app, deps, log, requests, features, serverSecret, retentionDays, running };
  // Our own clients may have to come in through the WebSocket on the HTTP port: start after listen.
  app.addHook('onListen', async () => startClients(rt));
  // Before the HTTP server closes: our WebSocket clients would otherwise keep it open forever.
  app.addHook('preClose', async () => stopRealtime(rt, stopListening));
}

/** The broker, ingestion and simulator with the built-in request handlers only. */
export const realtimeExtension: SkydeckExtension = createRealtimeExtension();

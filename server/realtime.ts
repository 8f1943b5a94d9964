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
import { createBrokerAuth, DEFAULT_SERVER_USERNAME } from './mqtt/brokerAuth.ts';
import type { BrokerAuth } from './mqtt/brokerAuth.ts';
import { MQTT_WS_PATH, startEmbeddedBroker } from './mqtt/embeddedBroker.ts';
import type { EmbeddedBroker } from './mqtt/embeddedBroker.ts';
import { startIngestion } from './mqtt/ingestion.ts';
import type { Ingestion } from './mqtt/ingestion.ts';
import { startInProcessIngestion } from './mqtt/inProcessIngestion.ts';
import { startTrackPartitionUpkeep, trackRetentionDays } from './mqtt/trackPartitions.ts';
import type { TrackPartitionUpkeep } from './mqtt/trackPartitions.ts';
import type { Log } from './runtime/log.ts';
import { registerConfigRequest } from './mqtt/configRequest.ts';
import { mqttRoutes } from './mqtt/mqttRoutes.ts';
import type { RequestRegistry } from './mqtt/requestRegistry.ts';
import { rememberDeviceSecret } from './mqtt/deviceSecrets.ts';
import { startMosquittoFleet } from './mqtt/dynsec/mosquittoFleet.ts';
import type { MosquittoFleet } from './mqtt/dynsec/mosquittoFleet.ts';
import { startConsoleRelay } from './mqtt/dynsec/consoleRelay.ts';
import type { ConsoleRelay } from './mqtt/dynsec/consoleRelay.ts';
import type { AppDeps } from './http/context.ts';
import { realScheduler } from './runtime/scheduler.ts';
import { buildFleet, simSecret } from './sim/fleet.ts';
import { mqttTransport } from './sim/mqttTransport.ts';
import { onboardDbStore } from './sim/ai/onboardDbStore.ts';
import { registerSimFleet } from './sim/registerSimFleet.ts';
import { startSimulator } from './sim/simulator.ts';
import type { Simulator } from './sim/simulator.ts';
import { taskRuntime } from './tasks/startTasks.ts';
import { mediaRuntime } from './media/mediaRuntime.ts';
import { airspaceRuntime } from './airspace/airspaceRuntime.ts';

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

interface Running {
  broker: EmbeddedBroker | null;
  mosquitto: MosquittoFleet | null;
  relay: ConsoleRelay | null;
  ingestion: Ingestion | null;
  sim: Simulator | null;
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

/** Starts the Mosquitto account sync when `MQTT_DYNSEC_*` is set. */
function startMosquitto(deps: AppDeps, serverPassword: string, log: Log) {
  const { config } = deps;
  if (!config.mqttUrl || !config.mqttDynsec) return Promise.resolve(null);
  return startMosquittoFleet({
    db: deps.db,
    log,
    url: config.mqttUrl,
    adminUsername: config.mqttDynsec.username,
    adminPassword: config.mqttDynsec.password,
    tokenSecret: deps.tokenSecret,
    serverUsername: DEFAULT_SERVER_USERNAME,
    serverPassword,
  });
}

async function realtime(
  app: Parameters<SkydeckExtension>[0],
  deps: AppDeps,
  setup?: (requests: RequestRegistry, d: AppDeps) => void,
): Promise<void> {
  const { db, config, tokenSecret } = deps;
  const log = asLog(app.log);
  // The requests the devices ask are answered from the gateway's registry (ingestion replies).
  const { devices } = deps;
  const requests = devices.requests;
  registerOwnRequests(requests, config);
  const tasks = taskRuntime(deps, log);
  tasks.register(requests);
  const media = mediaRuntime(deps, log);
  media.register(requests);
  const airspace = airspaceRuntime(deps, log);
  airspace.register(requests);
  setup?.(requests, deps);
  const serverSecret = derivedSecret(tokenSecret, 'mqtt-server');
  const retentionDays = trackRetentionDays();
  let trackUpkeep: TrackPartitionUpkeep | null = null;
  const auth: BrokerAuth = createBrokerAuth({
    db,
    log,
    // Token versions: an access token voided by a password change or revocation opens nothing.
    verifyAccessToken: (token) => deps.tokenVersions.verify(tokenSecret, token),
    serverSecret,
  });
  await app.register(mqttRoutes, {
    auth,
    sharedSecret: config.mqttHookSecret ?? '',
    wsUrl: config.mqttWsUrl,
    authenticate: (request) =>
      Promise.resolve(request.caller ? { username: request.caller.username } : null),
    onPrincipalChange: (listener) => deps.events.onChange(listener),
  });

  const running: Running = {
    broker: null,
    mosquitto: null,
    relay: null,
    ingestion: null,
    sim: null,
  };
  registerRealtimeProbes(deps, {
    broker: () => running.broker,
    ingestion: () => running.ingestion,
    external: Boolean(config.mqttUrl),
  });
  // Committed changes of users, roles, devices and projects reach the open connections at once, and
  // ingestion knows a device registered a moment ago from its first message on.
  const stopListening = deps.events.onChange((change) => {
    void running.broker?.changed(change);
    if (change.kind === 'device' || change.kind === 'workspace')
      running.ingestion?.devicesChanged().catch((error: unknown) => {
        log.error(`ingestion could not re-read the devices: ${String(error)}`);
      });
    if (change.kind === 'device') void running.mosquitto?.deviceChanged(change.sn);
  });
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
  // Our own clients may have to come in through the WebSocket on the HTTP port: start after listen.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const httpPort = typeof address === 'object' && address ? address.port : config.port;
    const url = internalUrl(config, running.broker, httpPort);
    const username = DEFAULT_SERVER_USERNAME;
    // This month's track partition exists before the first point arrives (trackPartitions.ts).
    trackUpkeep = startTrackPartitionUpkeep({ db, log, scheduler: realScheduler, retentionDays });
    await trackUpkeep.ready;
    // The server's own account must exist on a managed Mosquitto before ingestion signs in.
    running.mosquitto = await startMosquitto(deps, serverSecret, log);
    if (running.mosquitto && running.broker)
      running.relay = startConsoleRelay({
        url,
        username,
        password: serverSecret,
        broker: running.broker,
        log,
      });
    const observe = deps.metrics?.ingestionObserver();
    // Devices on the embedded broker: ingest from its publish path (no second socket write).
    running.ingestion =
      running.broker && !config.mqttUrl
        ? await startInProcessIngestion({
            db,
            log,
            broker: running.broker,
            requests,
            notifier: deps.notifier,
            observe,
          })
        : await startIngestion({
            db,
            log,
            url,
            username,
            password: serverSecret,
            shared: Boolean(config.mqttUrl),
            requests,
            notifier: deps.notifier,
            observe,
          });
    const broker = running.broker;
    if (broker) broker.onDeviceDisconnect((sn) => running.ingestion?.deviceDisconnected(sn));
    // The one door to the devices opens here, with the same account and address as ingestion. An
    // external broker may serve several instances: the gateway's once-per-deployment lane then
    // hears through a shared subscription.
    await devices.start({ url, username, password: serverSecret, shared: Boolean(config.mqttUrl) });
    // The docks fetch task files over HTTP from where the server listens (or `PUBLIC_URL`).
    const httpHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    await tasks.start(`http://${httpHost}:${String(httpPort)}`);
    media.start(`http://${httpHost}:${String(httpPort)}`);
    airspace.start(`http://${httpHost}:${String(httpPort)}`);
    running.sim = await startSim(
      deps,
      url,
      derivedSecret(tokenSecret, 'sim'),
      log,
      running.ingestion,
    );
    // Sealed secrets of the simulated docks were only just written: give them accounts too.
    if (running.sim && running.mosquitto) await running.mosquitto.resync();
  });
  // Before the HTTP server closes: our WebSocket clients would otherwise keep it open forever.
  app.addHook('preClose', async () => {
    // From here on the server is leaving: the simulator stopping and the broker closing end device
    // connections, and other instances (or this one after a restart) still hear those devices.
    running.ingestion?.leaving();
    stopListening();
    trackUpkeep?.stop();
    await running.sim?.stop();
    await tasks.stop();
    await media.stop();
    await airspace.stop();
    await devices.close();
    // Batched writes of what was acknowledged so far go in first; then the broker closes, telling
    // devices and consoles to reconnect (elsewhere). Ingestion closes only after the broker: a
    // device's QoS 1 publish acknowledged until its connection ended is still stored.
    const { health } = deps;
    await health.stopStep('ingestion flush', async () => running.ingestion?.flush());
    await running.relay?.close();
    await health.stopStep('MQTT broker close', async () => running.broker?.close());
    await health.stopStep('ingestion last flush', async () => running.ingestion?.close());
    await running.mosquitto?.close();
  });
}

/** The broker, ingestion and simulator with the built-in request handlers only. */
export const realtimeExtension: SkydeckExtension = createRealtimeExtension();

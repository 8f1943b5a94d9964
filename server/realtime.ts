/**
 * Wires the real-time half of Skydeck into the HTTP app: the MQTT broker (embedded Aedes, or an
 * external one through `MQTT_URL`), telemetry ingestion and the simulated fleet. Everything starts
 * with the app and stops with `app.close()`, so tests and `npm start` share one lifecycle.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SkydeckExtension } from './app.ts';
import type { Config } from './config.ts';
import type { Db } from './db/Db.ts';
import { verifyAccessToken } from './auth/tokens.ts';
import { createBrokerAuth, DEFAULT_SERVER_USERNAME } from './mqtt/brokerAuth.ts';
import type { BrokerAuth } from './mqtt/brokerAuth.ts';
import { MQTT_WS_PATH, startEmbeddedBroker } from './mqtt/embeddedBroker.ts';
import type { EmbeddedBroker } from './mqtt/embeddedBroker.ts';
import { startIngestion } from './mqtt/ingestion.ts';
import type { Ingestion } from './mqtt/ingestion.ts';
import type { Log } from './mqtt/log.ts';
import { mqttRoutes } from './mqtt/mqttRoutes.ts';
import { realScheduler } from './mqtt/scheduler.ts';
import { buildFleet } from './sim/fleet.ts';
import { mqttTransport } from './sim/mqttTransport.ts';
import { registerSimFleet } from './sim/registerSimFleet.ts';
import { startSimulator } from './sim/simulator.ts';
import type { Simulator } from './sim/simulator.ts';

/**
 * Secrets of the server's own MQTT account and of the simulated gateways, derived from the token
 * secret: every instance sharing a `TOKEN_SECRET` agrees on them, and nothing new has to be stored.
 */
export function derivedSecret(tokenSecret: string, purpose: string): string {
  return createHmac('sha256', tokenSecret).update(`skydeck:${purpose}`).digest('hex');
}

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
  ingestion: Ingestion | null;
  sim: Simulator | null;
}

async function startSim(db: Db, config: Config, url: string, key: string, log: Log) {
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
  return startSimulator({
    fleet,
    seed: config.simSeed,
    hz: config.simOsdHz,
    secretKey: key,
    transport: mqttTransport({ url, log }),
    scheduler: realScheduler,
  });
}

/** The broker, ingestion and simulator as one Skydeck extension. */
export const realtimeExtension: SkydeckExtension = async (app, { deps }) => {
  const { db, config, tokenSecret } = deps;
  const log = asLog(app.log);
  const serverSecret = derivedSecret(tokenSecret, 'mqtt-server');
  const auth: BrokerAuth = createBrokerAuth({
    db,
    log,
    verifyAccessToken: (token) => verifyAccessToken(tokenSecret, token),
    serverSecret,
  });
  await app.register(mqttRoutes, {
    auth,
    sharedSecret: config.mqttHookSecret ?? '',
    wsUrl: config.mqttWsUrl,
    authenticate: (request) =>
      Promise.resolve(request.caller ? { username: request.caller.username } : null),
  });

  const running: Running = { broker: null, ingestion: null, sim: null };
  // The broker takes over `/mqtt` upgrades before the first connection can arrive.
  app.addHook('onReady', async () => {
    if (config.mqttUrl) return;
    running.broker = await startEmbeddedBroker({
      log,
      auth,
      tcpPort: config.mqttTcpPort,
      tcpHost: config.host,
      httpServer: app.server,
    });
  });
  // Our own clients may have to come in through the WebSocket on the HTTP port: start after listen.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const httpPort = typeof address === 'object' && address ? address.port : config.port;
    const url = internalUrl(config, running.broker, httpPort);
    const username = DEFAULT_SERVER_USERNAME;
    running.ingestion = await startIngestion({
      db,
      log,
      url,
      username,
      password: serverSecret,
      shared: Boolean(config.mqttUrl),
    });
    const broker = running.broker;
    if (broker) broker.onDeviceDisconnect((sn) => running.ingestion?.deviceDisconnected(sn));
    running.sim = await startSim(db, config, url, derivedSecret(tokenSecret, 'sim'), log);
  });
  // Before the HTTP server closes: our WebSocket clients would otherwise keep it open forever.
  app.addHook('preClose', async () => {
    await running.sim?.stop();
    await running.ingestion?.close();
    await running.broker?.close();
  });
};

/**
 * The server's own clients of the broker, started once the HTTP server listens: the track
 * partitions' upkeep, the Mosquitto account sync and console relay when `MQTT_DYNSEC_*` is set, and
 * ingestion (from the embedded broker's publish path, or as a client of the broker at `url`).
 */
import type { AppDeps } from '../http/context.ts';
import { DEFAULT_SERVER_USERNAME } from '../mqtt/brokerAuth.ts';
import { startConsoleRelay } from '../mqtt/dynsec/consoleRelay.ts';
import { startMosquittoFleet } from '../mqtt/dynsec/mosquittoFleet.ts';
import { startIngestion } from '../mqtt/ingestion.ts';
import { startInProcessIngestion } from '../mqtt/inProcessIngestion.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { startTrackPartitionUpkeep } from '../mqtt/trackPartitions.ts';
import type { Log } from '../runtime/log.ts';
import { realScheduler } from '../runtime/scheduler.ts';
import type { RunningClients } from './runningClients.ts';

export interface ServerClientsOptions {
  deps: AppDeps;
  log: Log;
  /** Where the server's own clients reach the broker. */
  url: string;
  /** The password of the server's account. */
  serverSecret: string;
  retentionDays: number;
  requests: RequestRegistry;
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

/** Starts the server's clients into `running`, in the order each needs the one before. */
export async function startServerClients(
  running: RunningClients,
  options: ServerClientsOptions,
): Promise<void> {
  const { deps, log, url, serverSecret, retentionDays, requests } = options;
  const { db, config } = deps;
  const username = DEFAULT_SERVER_USERNAME;
  // This month's track partition exists before the first point arrives (trackPartitions.ts).
  running.trackUpkeep = startTrackPartitionUpkeep({
    db,
    log,
    scheduler: realScheduler,
    retentionDays,
  });
  await running.trackUpkeep.ready;
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
          gas: deps.gas,
          aiAlarms: deps.aiAlarms,
          broker: running.broker,
          requests,
          notifier: deps.notifier,
          observe,
        })
      : await startIngestion({
          db,
          log,
          gas: deps.gas,
          aiAlarms: deps.aiAlarms,
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
}

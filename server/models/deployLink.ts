/**
 * The model registry's own broker client: it sends `ai_model_deploy` on a gateway's `services`
 * topic and hears `ai_model_deploy_progress` on `events`. It is the task engine's client type
 * (tasks/mqttDeviceLink.ts), opened on the first deploy from where this server listens, so the
 * registry needs nothing from the real-time wiring and an app that never deploys opens nothing.
 */
import type { AddressInfo } from 'node:net';
import { MODEL_DEPLOY_PROGRESS } from '../../protocol/models.ts';
import type { AppDeps, ZodApp } from '../http/context.ts';
import { DEFAULT_SERVER_USERNAME } from '../mqtt/brokerAuth.ts';
import type { Fields } from '../mqtt/decode.ts';
import { MQTT_WS_PATH } from '../mqtt/embeddedBroker.ts';
import { derivedSecret } from '../auth/derivedSecret.ts';
import type { DeviceLink } from '../tasks/DeviceLink.ts';
import { startMqttDeviceLink } from '../tasks/mqttDeviceLink.ts';
import { applyProgress } from './deployStates.ts';

/** How long a deploy waits for the device's `services_reply`, ms. */
const REPLY_TIMEOUT_MS = 15_000;

export interface DeployLink {
  link: DeviceLink;
  /** Where devices download files from: `PUBLIC_URL`, or where this server listens. */
  httpBase: string;
}

function listening(app: ZodApp, deps: AppDeps) {
  const address: AddressInfo | string | null = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.port;
  const host = ['0.0.0.0', '::'].includes(deps.config.host) ? '127.0.0.1' : deps.config.host;
  return { host, port };
}

/** Opens (once per app) the link, and routes its progress events into the deployments table. */
export function deployLinkFor(app: ZodApp, deps: AppDeps): () => Promise<DeployLink> {
  let opening: Promise<DeployLink> | null = null;
  let closed = false;
  app.addHook('preClose', async () => {
    closed = true;
    const open = opening;
    opening = null;
    if (open) await (await open).link.close();
  });
  return () => {
    if (closed) return Promise.reject(new Error('the server is closing'));
    opening ??= (async () => {
      const { host, port } = listening(app, deps);
      const link = await startMqttDeviceLink({
        // The embedded broker always serves MQTT over WebSocket on the HTTP port.
        url: deps.config.mqttUrl ?? `ws://${host}:${String(port)}${MQTT_WS_PATH}`,
        username: DEFAULT_SERVER_USERNAME,
        password: derivedSecret(deps.tokenSecret, 'mqtt-server'),
        log: {
          info: (m) => app.log.info(m),
          warn: (m) => app.log.warn(m),
          error: (m) => app.log.error(m),
        },
        replyTimeoutMs: REPLY_TIMEOUT_MS,
      });
      link.onEvent((gatewaySn: string, method: string, data: Fields) => {
        if (method !== MODEL_DEPLOY_PROGRESS) return;
        applyProgress(deps.db, gatewaySn, data).catch((error: unknown) => {
          app.log.warn(`model deploy progress from ${gatewaySn} not stored: ${String(error)}`);
        });
      });
      return {
        link,
        httpBase: deps.config.publicUrl ?? `http://${host}:${String(port)}`,
      };
    })();
    return opening;
  };
}

/**
 * The model registry's side of the device gateway: `ai_model_deploy` goes out as a service call,
 * and `ai_model_deploy_progress` events are written into the deployments table. The composition
 * root starts the listener; the routes take `deployLinkFor` to send.
 */
import type { AddressInfo } from 'node:net';
import { MODEL_DEPLOY_PROGRESS } from '../../protocol/models.ts';
import type { DeviceGateway, ServiceReply } from '../devices/DeviceGateway.ts';
import type { AppDeps, ZodApp } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import { applyProgress } from './deployStates.ts';

/** How long a deploy waits for the device's `services_reply`, ms. */
const REPLY_TIMEOUT_MS = 15_000;

export interface DeployLink {
  link: { call(gatewaySn: string, method: string, data: object): Promise<ServiceReply> };
  /** Where devices download files from: `PUBLIC_URL`, or where this server listens. */
  httpBase: string;
}

/** Writes every deploy progress the gateway hears into the deployments table. */
export function startModelDeploys(devices: DeviceGateway, deps: AppDeps, log: Log): () => void {
  return devices.onEvent(MODEL_DEPLOY_PROGRESS, (gatewaySn, msg) => {
    applyProgress(deps.db, gatewaySn, msg.data).catch((error: unknown) => {
      log.warn(`model deploy progress from ${gatewaySn} not stored: ${String(error)}`);
    });
  });
}

function httpBaseOf(app: ZodApp, deps: AppDeps): string {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const address: AddressInfo | string | null = app.server.address();
  const port = typeof address === 'object' && address ? address.port : deps.config.port;
  const host = ['0.0.0.0', '::'].includes(deps.config.host) ? '127.0.0.1' : deps.config.host;
  return `http://${host}:${String(port)}`;
}

/** The deploy link of the app: the gateway's calls and the address devices download from. */
export function deployLinkFor(app: ZodApp, deps: AppDeps): () => Promise<DeployLink> {
  const link: DeployLink['link'] = {
    call: (gatewaySn, method, data) =>
      deps.devices.call(gatewaySn, method, data, { timeoutMs: REPLY_TIMEOUT_MS }),
  };
  return () => Promise.resolve({ link, httpBase: httpBaseOf(app, deps) });
}

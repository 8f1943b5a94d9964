import type { MqttConfig } from '../../protocol/http.ts';
import { interestSerials, LARGE_FLEET, setWatchedSerials } from '../fleet/fleet.ts';
import type { BridgeInputs } from './bridgeInputs.ts';
import type { BridgeRenewal } from './bridgeRenewal.ts';
import { brokerUrl } from './brokerUrl.ts';
import type { TelemetryWorkerHandle } from './createTelemetryWorker.ts';
import { declaredKinds } from './telemetryKinds.ts';

/** Brings the worker in step with the console, and forgets what it was told of the connection. */
export interface WorkerSync {
  /** Sends the worker what changed since the last call: devices, interest, kinds, the token. */
  sync(): Promise<void>;
  /** The next sync connects again, even with the same token. */
  forgetToken(): void;
  /** The next sync asks for the broker's config again before it connects. */
  forgetConfig(): void;
}

/**
 * What the bridge last told the worker (watched devices, interest, event kinds, the token it
 * connected with) and the one `sync` that tells it only what changed since. Kept apart from the
 * bridge's start and stop, which decide when to sync.
 */
export function createWorkerSync(
  remote: TelemetryWorkerHandle['remote'],
  inputs: Pick<BridgeInputs, 'serials' | 'token' | 'loadConfig' | 'clientId'>,
  renewal: Pick<BridgeRenewal, 'schedule'>,
  isStopped: () => boolean,
): WorkerSync {
  let connectedToken: string | null = null;
  let config: MqttConfig | null = null;
  let watched = '';
  /** The interest last sent to the worker, as a key; `null` sent means every device in full. */
  let interest: string | null = null;
  /** The event kinds last sent to the worker, as a key; `null` before the first. */
  let kinds: string | null = null;

  async function sync(): Promise<void> {
    const serials = [...inputs.serials()].sort();
    const key = serials.join(',');
    // The store forgets unwatched devices at once (a project switch must not linger on screen) …
    const changed = setWatchedSerials(serials);
    if (key !== watched) {
      watched = key;
      await remote.setWatched(serials);
    }
    // … and the worker resends the watched ones in full, so nothing waits for its next change.
    if (changed) await remote.resync();
    await syncInterest(serials.length);
    await syncKinds();
    const token = inputs.token();
    if (token === connectedToken) return;
    connectedToken = token;
    renewal.schedule(token);
    if (token === null) {
      await remote.disconnect();
      return;
    }
    config ??= await inputs.loadConfig();
    if (isStopped()) return;
    const url = brokerUrl(config.ws_url, window.location.href);
    // The worker adds a per-tab suffix to the stored id, so two tabs do not knock each other off.
    await remote.connect({
      url,
      clientId: inputs.clientId(),
      username: config.username,
      password: token,
    });
  }

  /** Narrows full-rate detail to what the UI shows, once the fleet is large enough to matter. */
  async function syncInterest(fleetSize: number): Promise<void> {
    const sns = fleetSize >= LARGE_FLEET ? interestSerials() : null;
    const key = sns === null ? null : sns.join(',');
    if (key === interest) return;
    interest = key;
    await remote.setInterest(sns);
  }

  /** Tells the worker the event kinds the readers declared; it drops the others on arrival. */
  async function syncKinds(): Promise<void> {
    const declared = declaredKinds();
    const key = declared.join(',');
    if (key === kinds) return;
    kinds = key;
    await remote.setKinds(declared);
  }

  return {
    sync,
    forgetToken: () => {
      connectedToken = null;
    },
    forgetConfig: () => {
      config = null;
    },
  };
}

/**
 * The DRC service's view of the device gateway: it calls services on a dock (the gateway matches the
 * `services_reply`), hears every dock's `drc/down` — which the broker lets through from the holder
 * only — to watch heartbeats and audit sticks and e-stops, and picks the few `drc/up` replies the
 * service needs (an e-stop's result) out of the docks' 10 Hz pushes.
 */
import type { Fields } from '../mqtt/decode.ts';
import { NO_REPLY } from '../devices/DeviceGateway.ts';
import type { DeviceGateway, ServiceReply } from '../devices/DeviceGateway.ts';

/** How long a cockpit service waits for the dock's reply, ms. */
const REPLY_TIMEOUT_MS = 10_000;

/** Result code when the dock did not answer in time. */
export const DRC_NO_REPLY = NO_REPLY;

export type DrcReply = ServiceReply;

/** One `drc/down` message as the holder sent it (or a `drc/up` message as the dock sent it). */
export interface DrcMessage {
  method: string;
  seq: number;
  data: Fields;
}

export interface DrcLink {
  /** Publishes `method` on the dock's `services` and waits for the matching reply. */
  call(dockSn: string, method: string, data: object): Promise<DrcReply>;
  /** Hears `drc/down`; returns the unsubscribe function. */
  onDown(listener: (dockSn: string, msg: DrcMessage) => void): () => void;
  /** Hears the `drc/up` messages of `method` only; returns the unsubscribe function. */
  onUp(method: string, listener: (dockSn: string, msg: DrcMessage) => void): () => void;
  /** Whether the broker connection is up now. */
  connected(): boolean;
  /** Stops this link's listeners (the gateway stays open for the other features). */
  close(): Promise<void>;
}

function drcMessage(payload: Buffer): DrcMessage | null {
  try {
    const body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    const data = body.data;
    if (typeof body.method !== 'string') return null;
    return {
      method: body.method,
      seq: typeof body.seq === 'number' ? body.seq : -1,
      data: typeof data === 'object' && data !== null ? (data as Fields) : {},
    };
  } catch {
    return null;
  }
}

/** The DRC link over `devices`. */
export function drcLinkOn(devices: DeviceGateway): DrcLink {
  const stops = new Set<() => void>();
  const keep = (stop: () => void) => {
    stops.add(stop);
    return () => {
      stop();
      stops.delete(stop);
    };
  };
  return {
    call: (dockSn, method, data) =>
      devices.call(dockSn, method, data, { timeoutMs: REPLY_TIMEOUT_MS }),
    connected: () => devices.connected(),
    onDown: (listener) =>
      keep(
        devices.onUp('drc/down', (sn, payload) => {
          const msg = drcMessage(payload);
          if (msg) listener(sn, msg);
        }),
      ),
    onUp: (method, listener) =>
      keep(
        devices.onUp('drc/up', (sn, payload) => {
          // Most of drc/up is osd and hsi at 10 Hz: a byte search skips them without parsing.
          if (!payload.includes(method)) return;
          const msg = drcMessage(payload);
          if (msg?.method === method) listener(sn, msg);
        }),
      ),
    close() {
      for (const stop of [...stops]) stop();
      stops.clear();
      return Promise.resolve();
    },
  };
}

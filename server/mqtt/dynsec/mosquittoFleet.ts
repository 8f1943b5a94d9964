/**
 * The fleet behind an external Mosquitto 2 with its dynamic-security plugin (`MQTT_DYNSEC_USERNAME`
 * and `MQTT_DYNSEC_PASSWORD` name the plugin's administrator): Skydeck creates the server's account
 * and one account per device, and follows device changes and gateway topology from then on. This is
 * how MQTT 5.0 devices join, which the embedded broker (MQTT 3.1.1) refuses.
 */
import { parseTopic } from '../../../protocol/mqtt/topics.ts';
import type { Db } from '../../db/Db.ts';
import { decodeEnvelope, str } from '../decode.ts';
import type { Log } from '../../runtime/log.ts';
import { connectDynsec } from './dynsecClient.ts';
import { createDynsecSync } from './dynsecSync.ts';

export interface MosquittoFleetOptions {
  db: Db;
  log: Log;
  url: string;
  adminUsername: string;
  adminPassword: string;
  tokenSecret: string;
  serverUsername: string;
  serverPassword: string;
}

export interface MosquittoFleet {
  deviceChanged(sn: string): Promise<void>;
  /** Reconciles every device again (after secrets were written outside a device change). */
  resync(): Promise<void>;
  close(): Promise<void>;
}

function childrenOf(payload: Uint8Array): string[] | undefined {
  const msg = decodeEnvelope(payload);
  if (msg?.method !== 'update_topo') return undefined;
  const subs = Array.isArray(msg.data.sub_devices) ? (msg.data.sub_devices as unknown[]) : [];
  return subs.flatMap((d) => {
    const sn = typeof d === 'object' && d !== null ? str((d as { sn?: unknown }).sn) : undefined;
    return sn === undefined ? [] : [sn];
  });
}

/** Connects to the plugin, brings it in step and keeps it there; resolves once in step. */
export async function startMosquittoFleet(options: MosquittoFleetOptions): Promise<MosquittoFleet> {
  const { log } = options;
  const client = await connectDynsec(options.url, options.adminUsername, options.adminPassword);
  const sync = createDynsecSync({ ...options, client });
  // One change at a time: a burst of device edits must not interleave its commands.
  let chain: Promise<void> = Promise.resolve();
  const queue = (what: string, work: () => Promise<void>) => {
    chain = chain
      .then(work)
      .catch((error: unknown) =>
        log.error(`mosquitto dynamic security: ${what}: ${String(error)}`),
      );
    return chain;
  };
  await queue('start', () => sync.start());
  await client.watch('sys/product/+/status', (topic, payload) => {
    const parsed = parseTopic(topic);
    const children = parsed?.family === 'status' ? childrenOf(payload) : undefined;
    if (parsed && children) void queue('topology', () => sync.topology(parsed.sn, children));
  });
  return {
    deviceChanged: (sn) => queue('device change', () => sync.deviceChanged(sn)),
    resync: () => queue('resync', () => sync.start()),
    async close() {
      await chain;
      await client.close();
    },
  };
}

/**
 * The DRC service's own broker client (the server account): it calls services on a dock and waits
 * for `services_reply`, hears every dock's `drc/down` — which the broker lets through from the
 * holder only — to watch heartbeats and audit sticks and e-stops, and picks the few `drc/up` replies
 * the service needs (an e-stop's result) out of the docks' 10 Hz pushes.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import type { Fields } from '../mqtt/decode.ts';
import type { Log } from '../mqtt/log.ts';

/** How long the first connection attempt may take before callers hear "link down", ms. */
const CONNECT_WAIT_MS = 5_000;

/** Result code when the dock did not answer in time. */
export const DRC_NO_REPLY = -1;

export interface DrcReply {
  result: number;
  output?: Fields;
  latencyMs: number;
  tid: string;
}

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
  close(): Promise<void>;
}

export interface DrcLinkOptions {
  url: string;
  username: string;
  password: string;
  log: Log;
  replyTimeoutMs: number;
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

/** Connects; resolves once subscribed (or after the first failure is logged, still reconnecting). */
export async function startDrcLink(options: DrcLinkOptions): Promise<DrcLink> {
  const client = connect(options.url, {
    username: options.username,
    password: options.password,
    clientId: `skydeck-drc-${String(process.pid)}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2_000,
    clean: true,
    connectTimeout: 5_000,
  });
  const waiting = new Map<string, (reply: DrcReply) => void>();
  const listeners = new Set<(sn: string, msg: DrcMessage) => void>();
  const upListeners = new Map<string, Set<(sn: string, msg: DrcMessage) => void>>();

  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topic);
    if (parsed?.family !== 'thing') return;
    if (parsed.kind === 'drc/down') {
      const msg = drcMessage(payload);
      if (msg) for (const listener of listeners) listener(parsed.sn, msg);
      return;
    }
    if (parsed.kind === 'drc/up') {
      // Most of drc/up is osd and hsi at 10 Hz: a byte search skips them without parsing.
      for (const [method, wanted] of upListeners) {
        if (!payload.includes(method)) continue;
        const msg = drcMessage(payload);
        if (msg?.method === method) for (const listener of wanted) listener(parsed.sn, msg);
      }
      return;
    }
    const msg = decodeEnvelope(payload);
    if (parsed.kind !== 'services_reply' || !msg) return;
    const resolve = waiting.get(msg.tid);
    if (!resolve) return;
    waiting.delete(msg.tid);
    const output = msg.data.output;
    resolve({
      result: typeof msg.data.result === 'number' ? msg.data.result : DRC_NO_REPLY,
      output: typeof output === 'object' && output !== null ? (output as Fields) : undefined,
      latencyMs: 0,
      tid: msg.tid,
    });
  });
  await new Promise<void>((resolve) => {
    // A broker that neither answers nor refuses must not hold an entry request forever: after this
    // the link reports itself down and keeps reconnecting in the background.
    setTimeout(resolve, CONNECT_WAIT_MS).unref();
    client.once('connect', () => {
      client.subscribe(
        ['thing/product/+/services_reply', 'thing/product/+/drc/down', 'thing/product/+/drc/up'],
        { qos: 1 },
        (error) => {
          if (error) options.log.error(`drc service could not subscribe: ${error.message}`);
          resolve();
        },
      );
    });
    client.once('error', (error) => {
      options.log.warn(`drc service cannot reach the broker: ${error.message}`);
      resolve();
    });
  });

  return {
    call(dockSn, method, data) {
      const tid = randomUUID();
      const sentAt = Date.now();
      return new Promise<DrcReply>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(tid);
          resolve({ result: DRC_NO_REPLY, latencyMs: Date.now() - sentAt, tid });
        }, options.replyTimeoutMs);
        waiting.set(tid, (reply) => {
          clearTimeout(timer);
          resolve({ ...reply, latencyMs: Date.now() - sentAt });
        });
        const body = { tid, bid: randomUUID(), timestamp: sentAt, method, data };
        client.publish(thingTopic(dockSn, 'services'), JSON.stringify(body), { qos: 1 });
      });
    },
    connected: () => client.connected,
    onDown(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onUp(method, listener) {
      const wanted = upListeners.get(method) ?? new Set();
      upListeners.set(method, wanted);
      wanted.add(listener);
      return () => wanted.delete(listener);
    },
    async close() {
      for (const [tid, resolve] of waiting) {
        waiting.delete(tid);
        resolve({ result: DRC_NO_REPLY, latencyMs: 0, tid });
      }
      await client.endAsync(true);
    },
  };
}

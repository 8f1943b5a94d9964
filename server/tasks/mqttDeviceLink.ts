/**
 * The task engine's own broker client: it sends `services` and reads `services_reply` and `events`.
 * Ingestion stays the one that answers `events` needing a reply; this client only listens.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import { parseTopic, thingTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import type { Fields } from '../mqtt/decode.ts';
import type { Log } from '../mqtt/log.ts';
import { NO_REPLY } from './DeviceLink.ts';
import type { DeviceLink, ServiceReply } from './DeviceLink.ts';

export interface MqttLinkOptions {
  url: string;
  username: string;
  password: string;
  log: Log;
  /** How long a service waits for its reply, ms. */
  replyTimeoutMs: number;
}

interface Waiting {
  sentAt: number;
  resolve(reply: ServiceReply): void;
}

/** Connects the engine's client; resolves once it has subscribed. */
export async function startMqttDeviceLink(options: MqttLinkOptions): Promise<DeviceLink> {
  const client = connect(options.url, {
    username: options.username,
    password: options.password,
    clientId: `skydeck-tasks-${process.pid}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2_000,
    clean: true,
  });
  const waiting = new Map<string, Waiting>();
  const listeners = new Set<(sn: string, method: string, data: Fields) => void>();

  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topic);
    const msg = decodeEnvelope(payload);
    if (parsed?.family !== 'thing' || !msg) return;
    if (parsed.kind === 'services_reply') {
      const entry = waiting.get(msg.tid);
      if (!entry) return;
      waiting.delete(msg.tid);
      const result = typeof msg.data.result === 'number' ? msg.data.result : NO_REPLY;
      const output = msg.data.output;
      entry.resolve({
        result,
        output: typeof output === 'object' && output !== null ? (output as Fields) : undefined,
        latencyMs: Date.now() - entry.sentAt,
      });
    } else if (parsed.kind === 'events' && msg.method) {
      for (const listener of listeners) listener(parsed.sn, msg.method, msg.data);
    }
  });
  await new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(
        ['thing/product/+/services_reply', 'thing/product/+/events'],
        { qos: 1 },
        (error) => {
          if (error) options.log.error(`task engine could not subscribe: ${error.message}`);
          resolve();
        },
      );
    });
  });

  return {
    call(gatewaySn, method, data) {
      const tid = randomUUID();
      const sentAt = Date.now();
      return new Promise<ServiceReply>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(tid);
          resolve({ result: NO_REPLY, latencyMs: Date.now() - sentAt });
        }, options.replyTimeoutMs);
        waiting.set(tid, {
          sentAt,
          resolve: (reply) => {
            clearTimeout(timer);
            resolve(reply);
          },
        });
        const body = { tid, bid: randomUUID(), timestamp: sentAt, method, data };
        client.publish(thingTopic(gatewaySn, 'services'), JSON.stringify(body), { qos: 1 });
      });
    },
    publish(topic, payload) {
      client.publish(topic, JSON.stringify(payload), { qos: 0 });
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      for (const [tid, entry] of waiting) {
        waiting.delete(tid);
        entry.resolve({ result: NO_REPLY, latencyMs: Date.now() - entry.sentAt });
      }
      await client.endAsync();
    },
  };
}

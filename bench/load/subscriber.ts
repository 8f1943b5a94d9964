/**
 * One subscriber like the console's telemetry worker: an MQTT client over WebSocket subscribed to the
 * osd of every aircraft. It reads the publish time from the payload's fixed-width timestamp (no
 * JSON.parse), so the latency it reports is publish → delivery, not the subscriber's own parsing.
 *
 * A window counts the messages PUBLISHED inside it, whenever they arrive (up to a grace period after
 * it closes): counting what arrives during the window instead would credit a broker that fell behind
 * earlier with its backlog, and rate it above what was offered.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { readTimestamp, timestampOffset } from '../../server/sim/replay/frames.ts';

export interface SubscriberWindow {
  delivered: number;
  /** Times the connection closed during the window (a broker that dropped the watcher). */
  closed: number;
  seconds: number;
  latencies: number[];
}

export interface Subscriber {
  /** Starts counting from now (the warm-up before is dropped). */
  open(): void;
  /** Ends the window, waits for its late messages (grace period), and returns what it saw. */
  close(): Promise<SubscriberWindow>;
  /**
   * Distinct (topic, second of payload time) pairs received since subscribing, window or not: the
   * track points ingestion should store when it samples one per aircraft per second.
   */
  secondsSeen(): number;
  end(): Promise<void>;
}

/** How long after a window closes its messages may still arrive and count (later ones are lost). */
export const LATE_GRACE_MS = 3_000;

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** p50/p95 of a window, ms. */
export function latencyOf(window: SubscriberWindow): { p50: number; p95: number } {
  const sorted = [...window.latencies].sort((a, b) => a - b);
  return { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)) };
}

/** Connects to `url` and subscribes to `topics`. */
export async function startSubscriber(
  url: string,
  topics: string[],
  credentials: { username?: string; password?: string; clientId: string },
): Promise<Subscriber> {
  const client: MqttClient = await connectAsync(url, {
    ...credentials,
    reconnectPeriod: 0,
    clean: true,
  });
  const granted = await client.subscribeAsync(topics, { qos: 0 });
  const refused = granted.filter((g) => g.qos === 128).length;
  if (refused > 0)
    throw new Error(`subscriber: ${refused} of ${topics.length} subscriptions refused`);
  let closed = 0;
  client.on('close', () => closed++);
  /** Publish-time bounds of the window, ms since the epoch (the generator stamps that clock). */
  let from = Infinity;
  let until = Infinity;
  let counting = false;
  let latencies: number[] = [];
  /** The last payload second per topic; a topic's messages arrive in order (one publisher, QoS 0). */
  const lastSecond = new Map<string, number>();
  let secondsSeen = 0;
  client.on('message', (topic, payload) => {
    // The timestamp sits a few dozen bytes in: finding it is a short scan, not a parse.
    const offset = timestampOffset(payload);
    if (offset < 0) return;
    const sentAt = readTimestamp(payload, offset);
    const second = Math.floor(sentAt / 1000);
    if (lastSecond.get(topic) !== second) {
      lastSecond.set(topic, second);
      secondsSeen++;
    }
    if (!counting) return;
    if (sentAt >= from && sentAt < until) latencies.push(Date.now() - sentAt);
  });
  return {
    open() {
      counting = true;
      closed = 0;
      latencies = [];
      from = Date.now();
      until = Infinity;
    },
    async close() {
      until = Date.now();
      await new Promise((done) => setTimeout(done, LATE_GRACE_MS));
      counting = false;
      return {
        delivered: latencies.length,
        closed,
        latencies,
        seconds: (until - from) / 1000,
      };
    },
    secondsSeen: () => secondsSeen,
    end: () => client.endAsync(true),
  };
}

/**
 * Readiness checks and metrics of the realtime side (broker and ingestion), registered when the
 * realtime extension starts. The parts start later than the checks are registered (after listen),
 * so they are read through getters: a part not started yet is reported as such.
 */
import type { AppDeps } from '../http/context.ts';
import { CLIENT_KINDS } from '../mqtt/aedesHooks.ts';
import type { EmbeddedBroker } from '../mqtt/embeddedBroker.ts';
import type { Ingestion } from '../mqtt/ingestion.ts';
import type { IngestionStats } from '../mqtt/telemetrySink.ts';
import type { Reading } from './metrics.ts';

export interface RealtimeParts {
  broker(): EmbeddedBroker | null;
  ingestion(): Ingestion | null;
  /** Devices connect to an external broker (`MQTT_URL`) rather than the embedded one. */
  external: boolean;
}

/**
 * `thing/product/{sn}/osd` → `osd`; `sys/product/{sn}/status` → `status`; else `other`. Read by
 * position, not split: it runs for every message through the broker and every delivery of it.
 */
export function topicKind(topic: string): string {
  const first = topic.indexOf('/');
  if (first < 0 || !topic.startsWith('product/', first + 1)) return 'other';
  const third = topic.indexOf('/', first + 9);
  return third < 0 ? 'other' : topic.slice(third + 1);
}

/** Registers the `broker` and `ingestion` readiness checks and the realtime metrics. */
export function registerRealtimeProbes(deps: AppDeps, parts: RealtimeParts): void {
  deps.health.register('broker', () => {
    if (parts.external) {
      const link = parts.ingestion()?.link();
      return link?.connected === true
        ? { ok: true, detail: 'external broker connected' }
        : { ok: false, detail: 'not connected to the broker at MQTT_URL' };
    }
    return parts.broker() === null
      ? { ok: false, detail: 'embedded broker not started' }
      : { ok: true, detail: 'embedded' };
  });
  deps.health.register('ingestion', () => {
    const link = parts.ingestion()?.link();
    if (link === undefined) return { ok: false, detail: 'not started' };
    return link.subscribed
      ? { ok: true }
      : { ok: false, detail: 'not subscribed to device topics' };
  });

  const metrics = deps.metrics;
  if (metrics === null) return;
  // Ingestion's running totals, each a counter of its own.
  const totals: [name: string, help: string, read: (s: IngestionStats) => number][] = [
    ['received', 'Device messages ingestion handled', (s) => s.received],
    [
      'dropped',
      'Device messages ingestion dropped (malformed, or a full write queue)',
      (s) => s.dropped,
    ],
    [
      'unknown_device',
      'Well-formed device messages from serial numbers not registered',
      (s) => s.unknownDevice,
    ],
    ['track_points', 'Track points ingestion stored', (s) => s.trackPoints],
    ['write_errors', 'Batched ingestion writes the database refused', (s) => s.writeErrors],
  ];
  for (const [name, help, read] of totals)
    metrics.readOnScrape('counter', { name: `skydeck_ingestion_${name}_total`, help }, () => {
      const ingestion = parts.ingestion();
      return [[{}, ingestion === null ? 0 : read(ingestion.stats())]];
    });
  // The embedded broker's own figures; with devices on an external broker, that broker has them.
  metrics.readOnScrape(
    'gauge',
    {
      name: 'skydeck_mqtt_connections',
      help: 'Signed-in MQTT connections to the embedded broker by kind (device, console, server)',
      labelNames: ['kind'],
    },
    () => {
      const counts = parts.broker()?.connections();
      return CLIENT_KINDS.map((kind) => [{ kind }, counts?.[kind] ?? 0]);
    },
  );
  metrics.readOnScrape(
    'counter',
    {
      name: 'skydeck_mqtt_refused_total',
      help: 'Publishes and subscriptions the embedded broker refused, by operation and who asked',
      labelNames: ['op', 'kind'],
    },
    () => {
      const refusals = parts.broker()?.refusals();
      return (['publish', 'subscribe'] as const).flatMap((op) =>
        CLIENT_KINDS.map((kind): Reading => [{ op, kind }, refusals?.[op][kind] ?? 0]),
      );
    },
  );
}

/**
 * Counts the messages through the embedded broker by topic kind: published by clients (`in`), by
 * the broker or the server itself (`server`), and delivered to subscribers (`out`, one per
 * subscriber reached).
 */
export function countBrokerTraffic(deps: AppDeps, broker: EmbeddedBroker): void {
  const counter = deps.metrics?.mqttMessages;
  if (counter === undefined) return;
  // A fleet's traffic passes here: each series' child is found by topic kind in its direction's
  // map, not hashed from its labels per message.
  const counterOf = (direction: string) => {
    const children = new Map<string, { inc(): void }>();
    return (topic: string) => {
      const kind = topicKind(topic);
      let child = children.get(kind);
      if (child === undefined) {
        child = counter.labels({ direction, kind });
        children.set(kind, child);
      }
      child.inc();
    };
  };
  const [countIn, countServer, countOut] = [counterOf('in'), counterOf('server'), counterOf('out')];
  // Without a client it is the broker's own message ($SYS) or one the server injected.
  broker.aedes.on('publish', (packet, client) => (client ? countIn : countServer)(packet.topic));
  broker.onDelivery(countOut);
}

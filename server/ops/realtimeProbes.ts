/**
 * Readiness checks and metrics of the realtime side (broker and ingestion), registered when the
 * realtime extension starts. The parts start later than the checks are registered (after listen),
 * so they are read through getters: a part not started yet is reported as such.
 */
import type { AppDeps } from '../http/context.ts';
import type { EmbeddedBroker } from '../mqtt/embeddedBroker.ts';
import type { Ingestion } from '../mqtt/ingestion.ts';

export interface RealtimeParts {
  broker(): EmbeddedBroker | null;
  ingestion(): Ingestion | null;
  /** Devices connect to an external broker (`MQTT_URL`) rather than the embedded one. */
  external: boolean;
}

/** `thing/product/{sn}/osd` → `osd`; `sys/product/{sn}/status` → `status`; else `other`. */
export function topicKind(topic: string): string {
  const parts = topic.split('/');
  if (parts.length < 4 || parts[1] !== 'product') return 'other';
  return parts.slice(3).join('/');
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
  const stat = (read: (i: Ingestion) => number) => () => {
    const ingestion = parts.ingestion();
    return ingestion === null ? 0 : read(ingestion);
  };
  metrics.source(
    'ingestion_received',
    stat((i) => i.stats().received),
  );
  metrics.source(
    'ingestion_dropped',
    stat((i) => i.stats().dropped),
  );
  metrics.source(
    'ingestion_unknown_device',
    stat((i) => i.stats().unknownDevice),
  );
  metrics.source(
    'ingestion_track_points',
    stat((i) => i.stats().trackPoints),
  );
  metrics.source(
    'ingestion_write_errors',
    stat((i) => i.stats().writeErrors),
  );
  metrics.source('mqtt_refused_messages', () => parts.broker()?.refusedMessages() ?? 0);
  metrics.source('mqtt_connections', () => parts.broker()?.aedes.connectedClients ?? 0);
}

/** Counts every message clients publish through the embedded broker by topic kind. */
export function countBrokerTraffic(deps: AppDeps, broker: EmbeddedBroker): void {
  const counter = deps.metrics?.mqttMessages;
  if (counter === undefined) return;
  broker.aedes.on('publish', (packet, client) => {
    // Without a client it is the broker's own message ($SYS) or one the server injected.
    counter.inc({ direction: client ? 'in' : 'server', kind: topicKind(packet.topic) });
  });
}

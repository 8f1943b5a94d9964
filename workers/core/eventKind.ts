import type { KnownEventMethod } from '../../protocol/mqtt/payloads.ts';
import type { TelemetryEventKind } from '../../protocol/telemetry.ts';
import type { WatchedKind } from '../../protocol/mqtt/topics.ts';

// Typed against the protocol's event vocabulary, so a new known method fails to compile until it is
// classified here.
const KIND_BY_METHOD: Record<KnownEventMethod, TelemetryEventKind> = {
  hms: 'hms',
  flighttask_progress: 'flighttask_progress',
  ai_alarm: 'ai_alarm',
  gas_reading: 'gas_reading',
  flight_areas_drone_location: 'flight_areas_drone_location',
};

/** Classifies an `events` or `drc/up` message; unknown methods are kept as `other`, never dropped. */
export function eventKindOf(topicKind: WatchedKind, method: string): TelemetryEventKind {
  if (topicKind === 'drc/up') return 'drc';
  return Object.hasOwn(KIND_BY_METHOD, method)
    ? KIND_BY_METHOD[method as KnownEventMethod]
    : 'other';
}

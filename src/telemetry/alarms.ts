/**
 * Turns device events into alarm entries for the feed. An `hms` message carries the device's full
 * current set of alarms (protocol doc §4.1), so only codes absent from the previous set are new.
 */
import type { TelemetryEvent } from '../../protocol/telemetry.ts';
import { asObject, arrayAt, numberAt, stringAt } from './fields.ts';

/** 0 notice, 1 caution, 2 warning: the HMS levels. */
export type AlarmLevel = 0 | 1 | 2;

export interface AlarmEntry {
  /** Unique within the tab: serial number, code and time. */
  id: string;
  sn: string;
  level: AlarmLevel;
  /** HMS code (`0x16100083`) or the event method for our own alarm kinds. */
  code: string;
  source: 'hms' | 'ai_alarm';
  /** `domain-type-sub_type` of the device that raised it, when the event says (HMS does). */
  deviceType: string | null;
  ts: number;
}

/** Clamps whatever a device sent as a level into the three known ones. */
function toLevel(value: number | null): AlarmLevel {
  if (value === null || value <= 0) return 0;
  return value >= 2 ? 2 : 1;
}

/** The alarms an `hms` event says are active now. */
export function hmsAlarms(event: TelemetryEvent): AlarmEntry[] {
  const data = asObject(event.data);
  if (data === null) return [];
  return arrayAt(data, 'list').flatMap((item) => {
    const entry = asObject(item);
    const code = entry === null ? null : stringAt(entry, 'code');
    if (entry === null || code === null) return [];
    const level = toLevel(numberAt(entry, 'level'));
    return [
      {
        id: `${event.sn}:${code}:${event.ts}`,
        sn: event.sn,
        level,
        code,
        source: 'hms',
        deviceType: stringAt(entry, 'device_type'),
        ts: event.ts,
      },
    ];
  });
}

/** An AI detection alarm as one warning entry. */
export function aiAlarm(event: TelemetryEvent): AlarmEntry {
  const data = asObject(event.data);
  const level = data === null ? 2 : toLevel(numberAt(data, 'level') ?? 2);
  const code = (data === null ? null : stringAt(data, 'type')) ?? event.method;
  return {
    id: `${event.sn}:${code}:${event.ts}`,
    sn: event.sn,
    level,
    code,
    source: 'ai_alarm',
    deviceType: null,
    ts: event.ts,
  };
}

/** Entries of `current` whose code was not active in `previous`. */
export function newlyRaised(
  previous: readonly AlarmEntry[],
  current: readonly AlarmEntry[],
): AlarmEntry[] {
  const before = new Set(previous.map((entry) => entry.code));
  return current.filter((entry) => !before.has(entry.code));
}

/**
 * HMS events arrive on the gateway's topic, but an entry with an aircraft `device_type` (domain 0) is
 * about the aircraft: those go to `aircraftSn` when the gateway has one, the rest stay with the gateway.
 */
export function byDevice(
  gatewaySn: string,
  aircraftSn: string | null,
  entries: readonly AlarmEntry[],
): Map<string, AlarmEntry[]> {
  const out = new Map<string, AlarmEntry[]>([[gatewaySn, []]]);
  if (aircraftSn !== null) out.set(aircraftSn, []);
  for (const entry of entries) {
    const target =
      aircraftSn !== null && entry.deviceType?.startsWith('0-') === true ? aircraftSn : gatewaySn;
    out.get(target)?.push({ ...entry, sn: target, id: `${target}:${entry.code}:${entry.ts}` });
  }
  return out;
}

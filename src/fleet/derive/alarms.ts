/**
 * The console's alarms, one model for the counter, the feed, the list colours and the panels: each
 * device holds the alarms active on it now. An `hms` message carries a device's full current set
 * (protocol doc §4.1), so it replaces the HMS alarms of that device; an AI detection is an instant
 * and stays active for {@link AI_ALARM_HOLD_MS}. The feed is every active alarm, newest first.
 */
import type { HmsAlarmRecord } from '../../../protocol/alarms.ts';
import { areaKindOfCategory, breaches } from '../../../protocol/airspace.ts';
import type { AirspaceAlarmData, AirspaceKind } from '../../../protocol/airspace.ts';
import type { AiAlarmData, HmsAlarm } from '../../../protocol/mqtt/payloads.ts';
import type { JsonObject, JsonValue, TelemetryEvent } from '../../../protocol/telemetry.ts';
import { arrayAt, asObject, readAs } from './fields.ts';

/** 0 notice, 1 caution, 2 warning: the HMS levels. */
export type AlarmLevel = 0 | 1 | 2;

/** An AI detection counts as active this long: long enough to be seen, short enough to clear. */
export const AI_ALARM_HOLD_MS = 5 * 60_000;

export interface AlarmEntry {
  /** Stable while the alarm stays active: device, source, code and component. */
  id: string;
  sn: string;
  level: AlarmLevel;
  /** HMS code (`0x16100083`), or the detected class of an AI alarm (`person`). */
  code: string;
  source: 'hms' | 'ai_alarm';
  /** `domain-type-sub_type` of the device that raised it, when the event says (HMS does). */
  deviceType: string | null;
  /** HMS module: 0 flight task, 1 device management, 2 media, 3 health. */
  module: number | null;
  /** Raised while the aircraft was in the air. */
  inTheSky: boolean;
  args: { component_index?: number; sensor_index?: number };
  /** AI detections: 0–1. */
  confidence: number | null;
  /**
   * Airspace alarms (categories `airspace_nfz`, `airspace_fence`): the area (its id, name and
   * kind), the distance to its boundary when raised (m), and whether the aircraft was on the
   * boundary's wrong side (inside a no-fly area, outside an operation area) or only near it.
   */
  airspace?: AirspaceEntry;
  /** When it was raised (ms since epoch). */
  ts: number;
}

/** An airspace alarm's area and where the aircraft was against its boundary. */
export interface AirspaceEntry {
  areaId: string;
  area: string;
  kind: AirspaceKind;
  /** m to the boundary. */
  distance: number;
  /** On the boundary's wrong side: inside a no-fly area, outside an operation area. */
  breach: boolean;
}

/** Clamps whatever a device sent as a level into the three known ones. */
export function toLevel(value: number | null): AlarmLevel {
  if (value === null || value <= 0) return 0;
  return value >= 2 ? 2 : 1;
}

function hmsId(sn: string, a: Pick<AlarmEntry, 'code' | 'deviceType' | 'args'>): string {
  const { component_index: c = '', sensor_index: s = '' } = a.args;
  return `${sn}|hms|${a.code}|${a.deviceType ?? ''}|${c}|${s}`;
}

function argsOf(value: JsonValue | undefined): AlarmEntry['args'] {
  const args = asObject(value);
  if (args === null) return {};
  const read = readAs<HmsAlarm['args']>(args);
  const component = read.num('component_index');
  const sensor = read.num('sensor_index');
  return {
    ...(component === null ? {} : { component_index: component }),
    ...(sensor === null ? {} : { sensor_index: sensor }),
  };
}

/** The alarms an `hms` event says are active now. */
export function hmsAlarms(event: TelemetryEvent): AlarmEntry[] {
  const data = asObject(event.data);
  if (data === null) return [];
  return arrayAt(data, 'list').flatMap((item) => {
    const raw = asObject(item);
    const entry = raw === null ? null : readAs<HmsAlarm>(raw);
    const code = entry?.str('code') ?? null;
    if (raw === null || entry === null || code === null) return [];
    const alarm = {
      code,
      deviceType: entry.str('device_type'),
      args: argsOf(raw.args),
    };
    return [
      {
        ...alarm,
        id: hmsId(event.sn, alarm),
        sn: event.sn,
        level: toLevel(entry.num('level')),
        source: 'hms' as const,
        module: entry.num('module'),
        inTheSky: entry.num('in_the_sky') === 1,
        confidence: null,
        ts: event.ts,
      },
    ];
  });
}

/** The area and distance of an airspace alarm's body, when it names them. */
function airspaceOf(raw: JsonObject, kind: AirspaceKind): AirspaceEntry | undefined {
  const data = readAs<AirspaceAlarmData>(raw);
  const area = data.str('area_name');
  const distance = data.num('area_distance');
  if (area === null || distance === null) return undefined;
  const areaId = data.str('area_id') ?? '';
  return { areaId, area, kind, distance, breach: breaches(kind, raw.is_in_area === true) };
}

/** An AI detection as one entry (a warning unless it says otherwise). */
export function aiAlarm(event: TelemetryEvent): AlarmEntry {
  const raw = asObject(event.data) ?? {};
  const data = readAs<AiAlarmData>(raw);
  const id = data.str('alarm_id') ?? String(event.ts);
  const areaKind = areaKindOfCategory(data.str('category'));
  const airspace = areaKind === null ? undefined : airspaceOf(raw, areaKind);
  return {
    ...(airspace === undefined ? {} : { airspace }),
    id: `${event.sn}|ai|${id}`,
    sn: event.sn,
    level: toLevel(data.num('level') ?? 2),
    code: data.str('category') ?? 'unknown',
    source: 'ai_alarm',
    deviceType: null,
    module: null,
    inTheSky: false,
    args: {},
    confidence: data.num('confidence'),
    ts: event.ts,
  };
}

/** A stored alarm from the read API (loaded when the console opens) as an entry. */
export function fromRecord(record: HmsAlarmRecord): AlarmEntry {
  const alarm = { code: record.code, deviceType: record.device_type, args: record.args };
  return {
    ...alarm,
    id: hmsId(record.device_sn, alarm),
    sn: record.device_sn,
    level: toLevel(record.level),
    source: 'hms',
    module: record.module,
    inTheSky: record.in_the_sky === 1,
    confidence: null,
    ts: Date.parse(record.raised_at),
  };
}

/**
 * A device's alarms after a new HMS set: its AI alarms stay, its HMS alarms become `current`, and an
 * alarm that was already active keeps the time it was first raised.
 */
export function replaceHms(
  previous: readonly AlarmEntry[],
  current: readonly AlarmEntry[],
): AlarmEntry[] {
  const before = new Map(previous.map((entry) => [entry.id, entry]));
  const kept = previous.filter((entry) => entry.source !== 'hms');
  return [...kept, ...current.map((entry) => before.get(entry.id) ?? entry)];
}

/** `entries` without AI alarms older than the hold time; the same array when nothing expired. */
export function withoutExpired(entries: readonly AlarmEntry[], now: number): readonly AlarmEntry[] {
  const expired = (e: AlarmEntry): boolean =>
    e.source === 'ai_alarm' && now - e.ts > AI_ALARM_HOLD_MS;
  return entries.some(expired) ? entries.filter((e) => !expired(e)) : entries;
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
    out.get(target)?.push({ ...entry, sn: target, id: hmsId(target, entry) });
  }
  return out;
}

/** Every active alarm of the fleet, newest first: what the feed lists and the counter counts. */
export function activeFeed(alarmSets: Iterable<readonly AlarmEntry[]>): AlarmEntry[] {
  const all: AlarmEntry[] = [];
  for (const set of alarmSets) all.push(...set);
  return all.sort((a, b) => b.ts - a.ts || a.id.localeCompare(b.id));
}

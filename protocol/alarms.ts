/**
 * The alarm and track read API (HTTP) and the HMS text rules shared by server and console: which
 * key of an HMS text table describes an alarm (protocol doc §4.1) and how its placeholders fill in.
 */

/** Routes of the alarm and track read API. */
export const ALARM_API = {
  /** Alarms raised and not cleared yet, of the current workspace. */
  active: '/api/alarms/active',
  /** Alarms raised in a time range, newest first, paged. */
  history: '/api/alarms/history',
  /** Texts of HMS codes from the operator's HMS text table. */
  texts: '/api/alarms/texts',
  /** Stored track points of one aircraft. */
  track: '/api/device/track',
} as const;

/** One HMS alarm as stored: raised by a gateway's `hms` event, cleared when a later set omits it. */
export interface HmsAlarmRecord {
  id: number;
  /** The device the alarm is about: the aircraft for aircraft alarms, else the gateway. */
  device_sn: string;
  gateway_sn: string;
  code: string;
  level: number;
  module: number;
  in_the_sky: number;
  imminent: number;
  /** `domain-type-sub_type` of the emitting device. */
  device_type: string;
  args: { component_index?: number; sensor_index?: number };
  raised_at: string;
  cleared_at: string | null;
}

/** A text in both console languages; either may be missing from an operator's table. */
export interface HmsText {
  zh?: string;
  en?: string;
}

/** The texts of one code: for a dock, for an aircraft, and the aircraft's in-the-air variant. */
export interface HmsCodeTexts {
  dock?: HmsText;
  aircraft?: HmsText;
  aircraftInSky?: HmsText;
}

/** One stored track point (one per second while the aircraft sends positions). */
export interface TrackPointDto {
  ts: string;
  latitude: number;
  longitude: number;
  height: number | null;
  elevation: number | null;
  attitude_head: number | null;
  horizontal_speed: number | null;
  vertical_speed: number | null;
  battery_percent: number | null;
  mode_code: number | null;
}

/** Normalises a code to the table's spelling: `0x` and upper-case hex (`0x16100083`). */
export function normaliseHmsCode(code: string): string | null {
  const match = /^(?:0x)?([0-9a-f]{1,8})$/i.exec(code.trim());
  return match?.[1] === undefined ? null : `0x${match[1].toUpperCase()}`;
}

/** The texts that describe an alarm: aircraft ones (in-the-air first) for domain 0, else the dock's. */
export function pickHmsText(
  texts: HmsCodeTexts | undefined,
  alarm: { device_type: string; in_the_sky: number },
): HmsText | undefined {
  if (texts === undefined) return undefined;
  if (!alarm.device_type.startsWith('0-')) return texts.dock;
  return (alarm.in_the_sky === 1 ? texts.aircraftInSky : undefined) ?? texts.aircraft;
}

/** Words the placeholders of a text need in one language. */
export interface HmsPlaceholderWords {
  left: string;
  right: string;
  front: string;
  back: string;
}

/**
 * Fills a text's placeholders (protocol doc §4.1): `%alarmid`, `%index` and `%component_index`
 * (1-based), `%battery_index` and `%dock_cover_index` (left/right), `%charging_rod_index`.
 */
export function fillHmsText(
  text: string,
  alarm: { code: string; args: HmsAlarmRecord['args'] },
  words: HmsPlaceholderWords,
): string {
  const sensor = alarm.args.sensor_index ?? 0;
  const component = alarm.args.component_index ?? 0;
  const side = sensor === 0 ? words.left : words.right;
  const rods = [words.front, words.back, words.left, words.right];
  return text
    .replaceAll('%alarmid', alarm.code)
    .replaceAll('%component_index', String(component + 1))
    .replaceAll('%battery_index', side)
    .replaceAll('%dock_cover_index', side)
    .replaceAll('%charging_rod_index', rods[sensor] ?? String(sensor + 1))
    .replaceAll('%index', String(sensor + 1));
}

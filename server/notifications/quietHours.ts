/**
 * Quiet hours: a local time range, `start` included and `end` excluded, that may wrap midnight
 * (22:00–07:00). Times are minutes of the day in the rule's IANA time zone.
 */

export interface QuietRange {
  startMin: number;
  endMin: number;
  timezone: string;
}

const DAY_MIN = 24 * 60;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timezone: string): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timezone, format);
  }
  return format;
}

/** Whether `timezone` is a zone this runtime knows. */
export function isTimeZone(timezone: string): boolean {
  try {
    formatOf(timezone);
    return true;
  } catch {
    return false;
  }
}

/** Seconds since local midnight in `timezone` at `at` (ms since the epoch). */
function secondOfDay(at: number, timezone: string): number {
  const parts = formatOf(timezone).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (part('hour') % 24) * 3600 + part('minute') * 60 + part('second');
}

/** Whether `at` falls inside the range. An empty range (start = end) is never quiet. */
export function isQuiet(range: QuietRange, at: number): boolean {
  const { startMin: s, endMin: e } = range;
  if (s === e) return false;
  const m = Math.floor(secondOfDay(at, range.timezone) / 60);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** Milliseconds from `at` until the range next ends (at least one second). */
export function msUntilEnd(range: QuietRange, at: number): number {
  const now = secondOfDay(at, range.timezone);
  let wait = range.endMin * 60 - now;
  if (wait <= 0) wait += DAY_MIN * 60;
  return Math.max(1, wait) * 1000 - (at % 1000);
}

/** `HH:mm` → minutes of the day, or undefined when malformed. */
export function parseClock(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Minutes of the day → `HH:mm`. */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

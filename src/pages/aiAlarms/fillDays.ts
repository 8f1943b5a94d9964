/** One bar of the per-day chart. */
export interface DayCount {
  day: string;
  count: number;
}

const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The per-day counts as a continuous run of days, with the days that had no alarm at zero, covering
 * at least `minDays` days up to the last one: a chart of only the days with alarms puts a quiet
 * week next to a busy day, and a single day drew one bar across the whole chart. `perDay` holds
 * `YYYY-MM-DD` days in ascending order, as the statistics API answers.
 */
export function fillDays(perDay: readonly DayCount[], minDays = 7): DayCount[] {
  const first = perDay[0];
  const last = perDay[perDay.length - 1];
  if (first === undefined || last === undefined) return [];
  const end = Date.parse(`${last.day}T00:00:00Z`);
  const start = Math.min(Date.parse(`${first.day}T00:00:00Z`), end - (minDays - 1) * DAY_MS);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return [...perDay];
  const counts = new Map(perDay.map((d) => [d.day, d.count]));
  const out: DayCount[] = [];
  for (let at = start; at <= end; at += DAY_MS) {
    const day = iso(at);
    out.push({ day, count: counts.get(day) ?? 0 });
  }
  return out;
}

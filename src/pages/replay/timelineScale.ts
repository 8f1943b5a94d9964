/**
 * The timeline's geometry, pure: where an instant is drawn, which instant a pixel is, and the ticks
 * of the axis (a round step that fits, labelled by time of day or by date).
 */
import dayjs from 'dayjs';

export interface Scale {
  from: number;
  to: number;
  /** Pixels left of the time area (the lane labels) and its width. */
  left: number;
  width: number;
}

/** The x of instant `t`. */
export const xOf = (s: Scale, t: number): number =>
  s.left + ((t - s.from) / Math.max(1, s.to - s.from)) * s.width;

/** The instant at pixel `x`, kept within the window. */
export function tOf(s: Scale, x: number): number {
  const f = Math.min(1, Math.max(0, (x - s.left) / Math.max(1, s.width)));
  return Math.round(s.from + f * (s.to - s.from));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STEPS = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

/** Axis ticks at least `minGapPx` apart, on round local times; each with its label. */
export function ticksOf(s: Scale, minGapPx = 70): { t: number; label: string }[] {
  const span = s.to - s.from;
  const step = STEPS.find((st) => (st / span) * s.width >= minGapPx) ?? 7 * DAY;
  // Ticks fall on round times of the local clock (a step of days starts at local midnight).
  const offset = dayjs(s.from).utcOffset() * MINUTE;
  let t = Math.ceil((s.from + offset) / step) * step - offset;
  const out: { t: number; label: string }[] = [];
  for (; t <= s.to; t += step) {
    const d = dayjs(t);
    const label =
      step >= DAY || (d.hour() === 0 && d.minute() === 0) ? d.format('MM-DD') : d.format('HH:mm');
    out.push({ t, label });
  }
  return out;
}

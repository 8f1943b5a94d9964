/**
 * What the replay shows, as the page's address holds it, pure: the window (a preset or from/to),
 * the devices, the cursor, the selected device and the speed. A link carries the window as
 * instants, so it reopens the same moment whenever and wherever it is opened; a preset alone (no
 * from/to) is computed from the clock in the browser's time zone. Shared (not in the replay page's
 * folder) because other pages link to a moment of the replay, and pages never import each other.
 */
import dayjs from 'dayjs';
import { REPLAY_LIMITS } from '../../protocol/replay.ts';

/** Playback speeds offered, × real time. */
export const SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export type Speed = (typeof SPEEDS)[number];

export const PRESETS = ['hour', 'today', 'yesterday', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface ReplayView {
  preset: Preset;
  /** Epoch ms. */
  from: number;
  to: number;
  /** Serial numbers; empty: every device. */
  devices: string[];
  /** The cursor (epoch ms), null: the window's start. */
  t: number | null;
  /** The selected device, if any. */
  sn: string | null;
  speed: Speed;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The window of `preset` at `now`, days starting at local midnight. */
export function presetWindow(preset: Exclude<Preset, 'custom'>, now: number) {
  const midnight = dayjs(now).startOf('day');
  if (preset === 'today') return { from: midnight.valueOf(), to: now };
  if (preset === 'yesterday')
    return { from: midnight.subtract(1, 'day').valueOf(), to: midnight.valueOf() };
  return { from: now - HOUR_MS, to: now };
}

/** Whether `[from, to)` is a window the server answers. */
export const windowValid = (from: number, to: number): boolean =>
  Number.isFinite(from) &&
  Number.isFinite(to) &&
  from < to &&
  to - from <= REPLAY_LIMITS.maxDays * DAY_MS;

/** An instant from an address: ISO 8601 or epoch ms; null when it is neither. */
function instant(text: string | null): number | null {
  if (text === null || text === '') return null;
  const ms = /^\d{1,15}$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

/** The view an address asks for; anything missing or malformed falls back to the last hour. */
export function viewOf(params: URLSearchParams, now: number): ReplayView {
  const asked = params.get('preset');
  const preset: Preset = PRESETS.find((p) => p === asked) ?? 'hour';
  const from = instant(params.get('from'));
  const to = instant(params.get('to'));
  const window =
    from !== null && to !== null && windowValid(from, to)
      ? { from, to }
      : presetWindow(preset === 'custom' ? 'hour' : preset, now);
  const fixed = from !== null && to !== null && windowValid(from, to);
  const t = instant(params.get('t'));
  const speed = Number(params.get('speed'));
  const sn = params.get('sn');
  return {
    preset: fixed || preset !== 'custom' ? preset : 'hour',
    ...window,
    devices: (params.get('devices') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => SERIAL.test(s)),
    t: t !== null && t >= window.from && t <= window.to ? t : null,
    sn: sn !== null && SERIAL.test(sn) ? sn : null,
    speed: SPEEDS.find((s) => s === speed) ?? 1,
  };
}

/** The address of `view`: instants as ISO 8601 UTC, so a link means the same moment anywhere. */
export function searchOf(view: ReplayView): string {
  const params = new URLSearchParams();
  params.set('preset', view.preset);
  params.set('from', new Date(view.from).toISOString());
  params.set('to', new Date(view.to).toISOString());
  if (view.devices.length > 0) params.set('devices', view.devices.join(','));
  if (view.t !== null) params.set('t', new Date(view.t).toISOString());
  if (view.sn !== null) params.set('sn', view.sn);
  if (view.speed !== 1) params.set('speed', String(view.speed));
  return params.toString();
}

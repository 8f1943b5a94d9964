/**
 * The fleet replay contract: one read answers a time window of the project's past — every aircraft's
 * stored track as compact columns of whole numbers (downsampled for long windows), each device's
 * lanes (flying, in the dock, online, offline), the DRC holds and the window's events. Imported by
 * `src/` and `server/`; imports nothing of theirs.
 */

/** Routes of the replay API. */
export const REPLAY_API = {
  /**
   * GET `?from=&to=&device_sn=&width=&workspace_id=` → {@link ReplayWindowAnswer}. `from` and `to` are
   * ISO 8601 instants with a zone (`Z`, `+08:00`) or epoch milliseconds. Page `replay`.
   */
  window: '/api/replay/window',
} as const;

/** The permission code (menu name) of the replay page and its API. */
export const REPLAY_ACCESS = 'replay';

/**
 * The thinned track's unit (the server keeps five points per aircraft and minute): a window read in
 * buckets of whole multiples of it reads the thinned track, which the console's overview asks for.
 */
export const REPLAY_THINNED_BUCKET_MS = 60_000;

/** Limits of a window request. A 400 names the field that breaks one. */
export const REPLAY_LIMITS = {
  /** Longest window, days. */
  maxDays: 31,
  /** Most serial numbers in `device_sn`. */
  maxDevices: 500,
  /**
   * `width`: the timeline's width in pixels; one downsampling bucket per pixel. The console asks
   * for a narrow overview of a long window first (a bucket a minute), hence the low minimum.
   */
  minWidth: 10,
  maxWidth: 8000,
  defaultWidth: 1600,
  /** Most events of one kind answered; `truncated` says when a kind had more. */
  maxEventsPerKind: 2000,
} as const;

/** A window whose buckets would hold this few seconds or less is answered point by point. */
export const RAW_BUCKET_MAX_MS = 4_000;

/**
 * Without a stored point for this long an aircraft counts as gone (offline) in its lane: points are
 * stored once a second while it reports.
 */
export const TRACK_GAP_MS = 30_000;

/** What a device was doing over a span of its lane. */
export type LaneState = 'flying' | 'docked' | 'online' | 'offline';

/** One device as the replay knows it. */
export interface ReplayDevice {
  sn: string;
  name: string;
  /** 0 aircraft, 3 dock, 2 remote controller. */
  domain: number;
  gateway_sn: string | null;
  model_name: string;
  /** A dock's last reported position (WGS-84); null for others or before it was heard. */
  latitude: number | null;
  longitude: number | null;
}

/**
 * One aircraft's track in columns, oldest first. `t` is milliseconds after the window's `from`;
 * positions are WGS-84. Values a point did not carry are null.
 */
export interface ReplayTrack {
  sn: string;
  t: number[];
  lng: number[];
  lat: number[];
  height: (number | null)[];
  speed: (number | null)[];
  battery: (number | null)[];
  mode: (number | null)[];
}

/** A device's lane: consecutive spans `[start, end)` in epoch ms, with what it was doing. */
export interface ReplayLane {
  sn: string;
  start: number[];
  end: number[];
  state: LaneState[];
}

/** Who flew an aircraft in DRC (the cockpit), from `start` to `end` (null: still holding). */
export interface ReplayDrcHold {
  dock_sn: string;
  aircraft_sn: string;
  username: string;
  start: number;
  end: number | null;
}

/** Kinds of event on the timeline. */
export const REPLAY_EVENT_KINDS = [
  'hms',
  'ai_alarm',
  'gas',
  'task_start',
  'task_end',
  'drc_start',
  'drc_end',
  'command',
] as const;
export type ReplayEventKind = (typeof REPLAY_EVENT_KINDS)[number];

/** One event of the window. */
export interface ReplayEvent {
  /** Unique within the answer: kind and the stored row's id. */
  id: string;
  kind: ReplayEventKind;
  /** Epoch ms. */
  t: number;
  /** The device it is about (the aircraft where known, else the dock). */
  sn: string;
  /** The dock (gateway) it came through, where there is one. */
  dock_sn: string | null;
  /** HMS 0–2, AI and gas alarm levels; null for the rest. */
  level: number | null;
  /**
   * What it was, untranslated: the HMS code, the AI category, the gas channel, the task's name, the
   * command's method.
   */
  label: string;
  /** Detail worth a tooltip: the gas value and threshold, the task's end state, a command's result. */
  detail: string;
  /** Who did it (commands, DRC), else null. */
  user: string | null;
  /** Where (alarms with a position), else null. */
  lat: number | null;
  lng: number | null;
  /** When an HMS alarm cleared (epoch ms), else null. */
  until: number | null;
  /** The stored row it comes from: alarm id, execution id, audit id. */
  ref: number;
}

/**
 * A track as {@link REPLAY_API.window} sends it: every column whole numbers, which the database
 * writes and the browser parses faster than decimals (an hour of 200 aircraft is 720 000 points).
 * Positions in 1e-7 degrees (about a centimetre), height in decimetres, speed in decimetres per
 * second, each rounded to the nearest; {@link decodeReplayWindow} turns them into a
 * {@link ReplayTrack}.
 */
export interface ReplayTrackWire {
  sn: string;
  t: number[];
  lng_e7: number[];
  lat_e7: number[];
  height_dm: (number | null)[];
  speed_dm_s: (number | null)[];
  battery: (number | null)[];
  mode: (number | null)[];
}

/** What {@link REPLAY_API.window} answers: a {@link ReplayWindow} with its tracks as sent. */
export type ReplayWindowAnswer = Omit<ReplayWindow, 'tracks'> & { tracks: ReplayTrackWire[] };

const scaled = (values: readonly number[], scale: number): number[] => values.map((v) => v / scale);
const scaledOrNull = (values: readonly (number | null)[], scale: number): (number | null)[] =>
  values.map((v) => (v === null ? null : v / scale));

/** A track as sent, in degrees, metres and metres per second. */
export function decodeTrack(w: ReplayTrackWire): ReplayTrack {
  return {
    sn: w.sn,
    t: w.t,
    lng: scaled(w.lng_e7, 1e7),
    lat: scaled(w.lat_e7, 1e7),
    height: scaledOrNull(w.height_dm, 10),
    speed: scaledOrNull(w.speed_dm_s, 10),
    battery: w.battery,
    mode: w.mode,
  };
}

/** The answer of {@link REPLAY_API.window} with its tracks decoded. */
export function decodeReplayWindow(answer: ReplayWindowAnswer): ReplayWindow {
  return { ...answer, tracks: answer.tracks.map(decodeTrack) };
}

/** A replay window: what {@link REPLAY_API.window} answers, its tracks decoded. */
export interface ReplayWindow {
  /** The window asked for, epoch ms. */
  from: number;
  to: number;
  /** Bucket length of the downsampling, ms; 0 when every stored point is answered. */
  bucket_ms: number;
  /** The earliest instant the server still keeps (`TRACK_RETENTION_DAYS`); null: everything. */
  kept_from: number | null;
  devices: ReplayDevice[];
  tracks: ReplayTrack[];
  lanes: ReplayLane[];
  drc: ReplayDrcHold[];
  events: ReplayEvent[];
  /** Some kind of event had more than {@link REPLAY_LIMITS.maxEventsPerKind} in the window. */
  truncated: boolean;
}

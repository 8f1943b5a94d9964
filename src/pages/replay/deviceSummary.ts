/**
 * What each device did over a replay window, pure, for the report: an aircraft's time in the air
 * (its lane's flying spans), the distance along its track (between points close enough to be drawn
 * joined, as the map joins them), its greatest height, and the alarms raised about each device.
 */
import type { ReplayEventKind, ReplayTrack, ReplayWindow } from '../../../protocol/replay.ts';
import { TRACK_GAP_MS } from '../../../protocol/replay.ts';
import { joinGapMs } from './interpolate.ts';

export interface DeviceSummary {
  sn: string;
  name: string;
  /** 0 aircraft, 3 dock, 2 remote controller. */
  domain: number;
  /** Time flying, ms; null for devices that do not fly. */
  flightMs: number | null;
  /** Metres along the track; null for devices that do not fly. */
  distanceM: number | null;
  /** Greatest height of the track, m; null without one. */
  maxHeight: number | null;
  alarms: number;
}

const ALARMS: ReadonlySet<ReplayEventKind> = new Set(['hms', 'ai_alarm', 'gas']);
/** Mean Earth radius, m (the sphere is good to a few tenths of a percent over a flight). */
const EARTH_M = 6_371_008.8;

/** Great-circle distance between two WGS-84 positions, m. */
export function metresBetween(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres along `track`, skipping the stretches across a gap of more than `maxGapMs`. */
export function trackDistance(track: ReplayTrack, maxGapMs: number): number {
  let total = 0;
  for (let i = 1; i < track.t.length; i++) {
    const gap = (track.t[i] ?? 0) - (track.t[i - 1] ?? 0);
    if (gap > maxGapMs) continue;
    total += metresBetween(
      track.lng[i - 1] ?? 0,
      track.lat[i - 1] ?? 0,
      track.lng[i] ?? 0,
      track.lat[i] ?? 0,
    );
  }
  return total;
}

function maxOf(values: readonly (number | null)[]): number | null {
  let max: number | null = null;
  for (const v of values) if (v !== null && (max === null || v > max)) max = v;
  return max;
}

/** One summary per device of the window, in the window's device order. */
export function deviceSummaries(w: ReplayWindow): DeviceSummary[] {
  const gap = joinGapMs(w.bucket_ms, TRACK_GAP_MS);
  const tracks = new Map(w.tracks.map((tr) => [tr.sn, tr]));
  const lanes = new Map(w.lanes.map((l) => [l.sn, l]));
  const alarms = new Map<string, number>();
  for (const e of w.events) if (ALARMS.has(e.kind)) alarms.set(e.sn, (alarms.get(e.sn) ?? 0) + 1);
  return w.devices.map((d) => {
    const track = tracks.get(d.sn);
    const lane = lanes.get(d.sn);
    const aircraft = d.domain === 0;
    let flightMs = 0;
    if (lane)
      lane.state.forEach((state, i) => {
        if (state === 'flying') flightMs += (lane.end[i] ?? 0) - (lane.start[i] ?? 0);
      });
    return {
      sn: d.sn,
      name: d.name || d.sn,
      domain: d.domain,
      flightMs: aircraft ? flightMs : null,
      distanceM: aircraft ? (track ? trackDistance(track, gap) : 0) : null,
      maxHeight: track ? maxOf(track.height) : null,
      alarms: alarms.get(d.sn) ?? 0,
    };
  });
}

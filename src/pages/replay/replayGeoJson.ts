/**
 * The replay's map layers as GeoJSON, pure: every aircraft's whole track in the window (faint), its
 * recent trail up to the cursor (bright), the aircraft at the cursor, the docks and the alarms near
 * the cursor. Positions arrive in WGS-84 and are drawn in the basemap's datum through `toDisplay`.
 */
import type { Feature, FeatureCollection, MultiLineString, Point } from 'geojson';
import type { LaneState, ReplayWindow } from '../../../protocol/replay.ts';
import { TRACK_GAP_MS } from '../../../protocol/replay.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';
import { AIRCRAFT_ICON } from './colours.ts';
import type { AircraftAt, AlarmPlace } from './cursorFacts.ts';
import { joinGapMs, pathUntil } from './interpolate.ts';
import { simplifiedLines } from './simplifyTrack.ts';

type Lines = FeatureCollection<MultiLineString, { sn: string }>;

const lines = (sn: string, parts: [number, number][][], toDisplay: ToDisplay) => ({
  type: 'Feature' as const,
  properties: { sn },
  geometry: {
    type: 'MultiLineString' as const,
    coordinates: parts.map((part) => part.map(([lng, lat]) => toDisplay(lng, lat))),
  },
});

/**
 * How far the faint whole-window tracks may stray from the stored points, m: under a pixel until
 * the map is zoomed in to a few streets, where the bright trail (every point) is what is read.
 */
export const TRACK_TOLERANCE_M = 1;

/** Every aircraft's track over the whole window, broken at gaps, thinned for drawing. */
export function tracksGeo(w: ReplayWindow, toDisplay: ToDisplay): Lines {
  const gap = joinGapMs(w.bucket_ms, TRACK_GAP_MS);
  return {
    type: 'FeatureCollection',
    features: w.tracks.map((tr) =>
      lines(tr.sn, simplifiedLines(tr, gap, TRACK_TOLERANCE_M), toDisplay),
    ),
  };
}

/** Each aircraft's path over the `trailMs` before the cursor `t` (epoch ms). */
export function trailsGeo(w: ReplayWindow, t: number, trailMs: number, toDisplay: ToDisplay) {
  const gap = joinGapMs(w.bucket_ms, TRACK_GAP_MS);
  const at = t - w.from;
  const features = w.tracks
    .map((tr) => lines(tr.sn, pathUntil(tr, at - trailMs, at, gap), toDisplay))
    .filter((f) => f.geometry.coordinates.length > 0);
  return { type: 'FeatureCollection', features } satisfies Lines;
}

export interface AircraftProps {
  sn: string;
  label: string;
  icon: string;
  heading: number;
  state: LaneState;
  selected: boolean;
}

/** The aircraft that have a position at the cursor, labelled with their DRC pilot if any. */
export function aircraftGeo(
  list: readonly AircraftAt[],
  selected: string | null,
  heldBy: (user: string) => string,
  toDisplay: ToDisplay,
): FeatureCollection<Point, AircraftProps> {
  const features: Feature<Point, AircraftProps>[] = [];
  for (const a of list) {
    if (a.sample === null) continue;
    features.push({
      type: 'Feature',
      properties: {
        sn: a.sn,
        label: a.holder === null ? a.name : `${a.name}\n${heldBy(a.holder)}`,
        icon: AIRCRAFT_ICON[a.state === 'offline' ? 'flying' : a.state],
        heading: a.sample.heading ?? 0,
        state: a.state,
        selected: a.sn === selected,
      },
      geometry: { type: 'Point', coordinates: toDisplay(a.sample.lng, a.sample.lat) },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** The window's docks that have a known place. */
export function docksGeo(
  w: ReplayWindow,
  toDisplay: ToDisplay,
): FeatureCollection<Point, { sn: string; name: string }> {
  const features: Feature<Point, { sn: string; name: string }>[] = [];
  for (const d of w.devices)
    if (d.domain === 3 && d.longitude !== null && d.latitude !== null)
      features.push({
        type: 'Feature',
        properties: { sn: d.sn, name: d.name || d.sn },
        geometry: { type: 'Point', coordinates: toDisplay(d.longitude, d.latitude) },
      });
  return { type: 'FeatureCollection', features };
}

/** Alarm marks near the cursor. */
export function alarmsGeo(
  places: readonly AlarmPlace[],
  toDisplay: ToDisplay,
): FeatureCollection<Point, { id: string; kind: string; level: number }> {
  return {
    type: 'FeatureCollection',
    features: places.map((p) => ({
      type: 'Feature',
      properties: { id: p.id, kind: p.kind, level: p.level },
      geometry: { type: 'Point', coordinates: toDisplay(p.lng, p.lat) },
    })),
  };
}

/** Every place of the window (a sample of each track, and the docks), WGS-84, to frame the map. */
export function placesOf(w: ReplayWindow): [number, number][] {
  const out: [number, number][] = [];
  for (const tr of w.tracks) {
    const every = Math.max(1, Math.floor(tr.t.length / 50));
    for (let i = 0; i < tr.t.length; i += every) out.push([tr.lng[i] ?? 0, tr.lat[i] ?? 0]);
  }
  for (const d of w.devices)
    if (d.longitude !== null && d.latitude !== null) out.push([d.longitude, d.latitude]);
  return out;
}

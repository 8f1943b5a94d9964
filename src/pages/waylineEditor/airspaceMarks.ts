/**
 * The planning check's findings on a saved route (the `airspace_*` warnings of the server's
 * answer) as what the editor marks: the waypoints and legs in a no-fly area or outside the
 * operation areas, numbered from 1 across every wayline in flying order as the server numbers them,
 * and the findings in words. Pure: no React, no map.
 */
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type { WaylineWarning } from '../../../protocol/waylines.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';
import type { RoutePoint } from '../../lib/route/routeModel.ts';

export interface AirspaceMarks {
  /** Every airspace finding in words, in the server's order. */
  messages: string[];
  /** Waypoint numbers (from 1) to mark, ascending. */
  points: number[];
  /** Legs to mark, as [from, to] waypoint numbers, in the server's order, each once. */
  legs: [number, number][];
}

export const NO_MARKS: AirspaceMarks = { messages: [], points: [], legs: [] };

const isAirspace = (w: WaylineWarning) => w.code.startsWith('airspace_');
const num = (v: string | number | undefined): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;

/** The marks of a wayline's warnings; warnings of other kinds are left to their own display. */
export function airspaceMarks(warnings: readonly WaylineWarning[]): AirspaceMarks {
  const found = warnings.filter(isAirspace);
  if (found.length === 0) return NO_MARKS;
  const points = new Set<number>();
  const legs = new Map<string, [number, number]>();
  for (const w of found) {
    const index = num(w.params.index);
    const from = num(w.params.from);
    const to = num(w.params.to);
    if (index !== null) points.add(index);
    if (from !== null && to !== null) legs.set(`${from}-${to}`, [from, to]);
  }
  return {
    messages: found.map((w) => w.message),
    points: [...points].sort((a, b) => a - b),
    legs: [...legs.values()],
  };
}

/** The marks in a few words for tests and screen readers: `wp 3; leg 2-3`. */
export function marksLabel(marks: AirspaceMarks): string {
  return [
    ...marks.points.map((n) => `wp ${String(n)}`),
    ...marks.legs.map(([a, b]) => `leg ${String(a)}-${String(b)}`),
  ].join('; ');
}

/** What the map draws: a ring on each marked waypoint and each marked leg, in display coordinates. */
export function markedFeatures(
  points: readonly RoutePoint[],
  marks: AirspaceMarks,
  toDisplay: ToDisplay,
): FeatureCollection<Point | LineString, { kind: 'point' | 'leg' }> {
  const at = (n: number) => {
    const p = points[n - 1];
    return p ? toDisplay(p.lng, p.lat) : null;
  };
  const features: Feature<Point | LineString, { kind: 'point' | 'leg' }>[] = [];
  for (const [from, to] of marks.legs) {
    const a = at(from);
    const b = at(to);
    if (a && b)
      features.push({
        type: 'Feature',
        properties: { kind: 'leg' },
        geometry: { type: 'LineString', coordinates: [a, b] },
      });
  }
  for (const n of marks.points) {
    const p = at(n);
    if (p)
      features.push({
        type: 'Feature',
        properties: { kind: 'point' },
        geometry: { type: 'Point', coordinates: p },
      });
  }
  return { type: 'FeatureCollection', features };
}

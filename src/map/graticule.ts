/**
 * Meridians and parallels for the visible area, at a step that keeps about half a dozen lines on
 * screen, each labelled with its degree. On a map without streets this is what gives a position
 * away, and together with the scale bar it gives distances.
 */

/** Steps in degrees, coarse to fine; 0.001° is ~110 m, about one street block. */
const STEPS_DEG = [10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001];
/** More lines than this across the view turn the grid into noise. */
const MAX_LINES = 8;

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The finest step that keeps at most {@link MAX_LINES} lines across the wider side of `bounds`. */
export function graticuleStep(bounds: Bounds): number {
  const span = Math.max(bounds.east - bounds.west, bounds.north - bounds.south);
  const fitting = STEPS_DEG.filter((step) => span / step <= MAX_LINES);
  return fitting.at(-1) ?? STEPS_DEG[0] ?? 10;
}

function decimals(step: number): number {
  return Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
}

function label(value: number, step: number, positive: string, negative: string): string {
  const hemisphere = value > 0 ? positive : value < 0 ? negative : '';
  return `${Math.abs(value).toFixed(decimals(step))}°${hemisphere}`;
}

function line(coordinates: [number, number][], text: string): GeoJSON.Feature<GeoJSON.LineString> {
  return {
    type: 'Feature',
    properties: { label: text },
    geometry: { type: 'LineString', coordinates },
  };
}

function multiples(from: number, to: number, step: number): number[] {
  const first = Math.ceil(from / step);
  const last = Math.floor(to / step);
  // Integers times the step, rounded, so 0.1 steps print 22.5 rather than 22.500000000000004.
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
    Number(((first + i) * step).toFixed(decimals(step))),
  );
}

/** The graticule lines covering `bounds` (clamped to the globe), with a `label` property each. */
export function graticuleFor(bounds: Bounds): GeoJSON.FeatureCollection<GeoJSON.LineString> {
  const step = graticuleStep(bounds);
  const west = Math.max(-180, bounds.west);
  const east = Math.min(180, bounds.east);
  const south = Math.max(-85, bounds.south);
  const north = Math.min(85, bounds.north);
  const meridians = multiples(west, east, step).map((lng) =>
    line(
      [
        [lng, south],
        [lng, north],
      ],
      label(lng, step, 'E', 'W'),
    ),
  );
  const parallels = multiples(south, north, step).map((lat) =>
    line(
      [
        [west, lat],
        [east, lat],
      ],
      label(lat, step, 'N', 'S'),
    ),
  );
  return { type: 'FeatureCollection', features: [...meridians, ...parallels] };
}

import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import type {
  SubtaskEvent,
  SubtaskRoutePoint,
  SubtaskTrackPoint,
} from '../../../protocol/tasks.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';

/** What a flight map draws, in WGS-84 as the server answers it. */
export interface FlightShapes {
  route: readonly SubtaskRoutePoint[];
  track: readonly SubtaskTrackPoint[];
  photos: readonly SubtaskEvent[];
  /** The aircraft now, while it flies. */
  aircraft: { lat: number; lon: number } | null;
}

const line = (coords: [number, number][], kind: string): Feature<LineString> => ({
  type: 'Feature',
  properties: { kind },
  geometry: { type: 'LineString', coordinates: coords },
});
const point = (coord: [number, number], kind: string): Feature<Point> => ({
  type: 'Feature',
  properties: { kind },
  geometry: { type: 'Point', coordinates: coord },
});

/** Lines (planned, flown) and points (start, photos, aircraft), in the basemap's datum. */
export function flightFeatures(
  shapes: FlightShapes,
  toDisplay: ToDisplay,
): FeatureCollection<LineString | Point> {
  const features: Feature<LineString | Point>[] = [];
  if (shapes.route.length > 1)
    features.push(
      line(
        shapes.route.map((p) => toDisplay(p.lon, p.lat)),
        'planned',
      ),
    );
  if (shapes.track.length > 1)
    features.push(
      line(
        shapes.track.map((p) => toDisplay(p.lon, p.lat)),
        'flown',
      ),
    );
  const start = shapes.track[0] ?? shapes.route[0];
  if (start) features.push(point(toDisplay(start.lon, start.lat), 'home'));
  for (const photo of shapes.photos)
    if (photo.lat !== undefined && photo.lon !== undefined)
      features.push(point(toDisplay(photo.lon, photo.lat), 'photo'));
  if (shapes.aircraft)
    features.push(point(toDisplay(shapes.aircraft.lon, shapes.aircraft.lat), 'aircraft'));
  return { type: 'FeatureCollection', features };
}

/** The box around the route and the track, or null when there is nothing to show. */
export function flightBounds(
  shapes: FlightShapes,
  toDisplay: ToDisplay,
): [[number, number], [number, number]] | null {
  const coords = [...shapes.route, ...shapes.track].map((p) => toDisplay(p.lon, p.lat));
  if (coords.length === 0) return null;
  const lons = coords.map((c) => c[0]);
  const lats = coords.map((c) => c[1]);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

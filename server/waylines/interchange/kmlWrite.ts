/**
 * A route as KML for Google Earth: per wayline a LineString through its waypoints and a Placemark
 * per waypoint, and a mapping route's area as a Polygon. KML's `altitudeMode` has no "above the
 * take-off point", so each line also names its exact WPML height mode in `ExtendedData` (an element
 * of this console's namespace, which KML allows there), and an import of the file reads it back; the
 * description says in words how Google Earth shows the heights. Styles sit in their Placemarks: the
 * XML writer writes no attributes, so there are no style ids to refer to.
 */
import type { WaylinePath, WaylineRoute } from '../../../protocol/waylines.ts';
import { branch, leaf, xmlDocument, type XNode } from '../xmlWriter.ts';
import { HEIGHT_MODE_ELEMENT, SKYDECK_NAMESPACE } from './kmlRead.ts';

/** The words of the file, in the reader's language (the HTTP layer fills them from its catalogue). */
export interface KmlWords {
  /** How Google Earth shows the route's heights, by the execution file's height mode. */
  heights: (mode: string) => string;
  area: string;
  waypoints: string;
  /** A wayline's folder, by its place in the route from 1. */
  wayline: (ordinal: number) => string;
  /** Said of a wayline whose waypoints are marked only up to `max`. */
  capped: (max: number) => string;
}

/**
 * Waypoint Placemarks one wayline gets at most: Google Earth slows to a crawl with tens of thousands
 * of pins, and the LineString keeps every vertex anyway.
 */
export const MAX_WAYPOINT_PLACEMARKS = 10_000;

/** KML colours are `aabbggrr`: the console's route blue (#2d72d2), opaque and a quarter opaque. */
const LINE_COLOR = 'ffd2722d';
const FILL_COLOR = '40d2722d';

/**
 * KML's nearest `altitudeMode`: heights above the ellipsoid are absolute (Google Earth reads them
 * above sea level, which the description notes); above the take-off point or the ground, relative
 * to the ground.
 */
function altitudeMode(executeHeightMode: string): string {
  return executeHeightMode === 'WGS84' ? 'absolute' : 'relativeToGround';
}

const LINE_STYLE = branch('Style', [
  branch('LineStyle', [leaf('color', LINE_COLOR), leaf('width', 3)]),
]);
const AREA_STYLE = branch('Style', [
  branch('LineStyle', [leaf('color', LINE_COLOR), leaf('width', 2)]),
  branch('PolyStyle', [leaf('color', FILL_COLOR)]),
]);

/** A KML `LinearRing`: closed, as KML wants it. */
function linearRing(ring: readonly [number, number][]): XNode {
  const closed = [...ring, ...ring.slice(0, 1)];
  return branch('LinearRing', [
    leaf('coordinates', closed.map(([x, y]) => `${x},${y},0`).join(' ')),
  ]);
}

function areaPlacemark(
  ring: readonly [number, number][],
  holes: readonly [number, number][][],
  words: KmlWords,
): XNode {
  return branch('Placemark', [
    leaf('name', words.area),
    AREA_STYLE,
    branch('Polygon', [
      leaf('altitudeMode', 'clampToGround'),
      branch('outerBoundaryIs', [linearRing(ring)]),
      ...holes.map((hole) => branch('innerBoundaryIs', [linearRing(hole)])),
    ]),
  ]);
}

function waylineFolder(path: WaylinePath, ordinal: number, name: string, words: KmlWords): XNode {
  const mode = altitudeMode(path.executeHeightMode);
  const tuple = (p: WaylinePath['points'][number]) => `${p.lng},${p.lat},${p.height}`;
  const marked = path.points.slice(0, MAX_WAYPOINT_PLACEMARKS);
  return branch('Folder', [
    leaf('name', words.wayline(ordinal)),
    branch('Placemark', [
      leaf('name', name),
      leaf('description', words.heights(path.executeHeightMode)),
      LINE_STYLE,
      branch('ExtendedData', [leaf(`skydeck:${HEIGHT_MODE_ELEMENT}`, path.executeHeightMode)]),
      branch('LineString', [
        leaf('altitudeMode', mode),
        leaf('coordinates', path.points.map(tuple).join(' ')),
      ]),
    ]),
    branch('Folder', [
      leaf('name', words.waypoints),
      marked.length < path.points.length ? leaf('description', words.capped(marked.length)) : null,
      ...marked.map((p, i) =>
        branch('Placemark', [
          leaf('name', String(i + 1)),
          branch('Point', [leaf('altitudeMode', mode), leaf('coordinates', tuple(p))]),
        ]),
      ),
    ]),
  ]);
}

/** The KML of route `name` (UTF-8 text); every name is escaped by the XML writer. */
export function routeKml(name: string, route: WaylineRoute, words: KmlWords): string {
  const polygon = route.template.polygon;
  const document = branch('Document', [
    leaf('name', name),
    leaf('description', words.heights(route.paths[0]?.executeHeightMode ?? '')),
    polygon && polygon.length >= 3
      ? areaPlacemark(polygon, route.template.holes ?? [], words)
      : null,
    ...route.paths.map((p, i) => waylineFolder(p, i + 1, name, words)),
  ]);
  return xmlDocument(
    'kml',
    `xmlns="http://www.opengis.net/kml/2.2" xmlns:skydeck="${SKYDECK_NAMESPACE}"`,
    document,
  );
}

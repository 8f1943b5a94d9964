/**
 * The passes of a lawn-mower (boustrophedon) mapping route over an area: parallel lines at a given
 * spacing, flown alternately one way and back, each line cut where it crosses a hole of the area so
 * that nothing is flown along or photographed over a hole. The console's route editor and the
 * server's import of a KML/GeoJSON area both make their lines here, so a route opened in the editor
 * shows the lines it was imported with.
 *
 * Geometry is turf's: buffer for the margin, rotation for the direction, line intersection for where
 * each line enters and leaves the area. Lines are laid north–south over the area turned by
 * −direction, west to east, and turned back.
 */
import {
  bbox,
  buffer,
  centroid,
  destination,
  lineIntersect,
  lineString,
  multiPolygon,
  polygon,
  transformRotate,
} from '@turf/turf';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import { cutSpan, ringSpans, type Span } from './cutSpan.ts';

/** WGS 84 `[lng, lat]`. */
export type LngLat = [number, number];

/** An area to map, WGS 84 `[lng, lat]`, its rings not closed. */
export interface MappingPolygon {
  outer: readonly LngLat[];
  /** Inner rings: parts of the area left out (not flown along, not photographed). */
  holes?: readonly (readonly LngLat[])[];
}

/** How the lines are laid over the area. */
export interface MappingLayout {
  /** Distance between neighbouring lines, m. */
  lineSpacing: number;
  /** Bearing of the lines, degrees clockwise from north. */
  direction: number;
  /** How far the lines reach beyond the area's edges, m; negative shrinks it. */
  margin: number;
}

/** One pass: photos are taken from its start to its end, none on the way to the next pass. */
export type MappingPass = [start: LngLat, end: LngLat];

/** The passes in the order they are flown; `overflow` when the area needed more lines than allowed. */
export interface MappingPasses {
  passes: MappingPass[];
  overflow: boolean;
}

/** Most lines one area may make; a tiny spacing over a huge area would freeze the page. */
export const MAX_MAPPING_LINES = 2000;

/** Shortest piece of a line a hole may leave that is still flown, m. */
const MIN_PASS_M = 1;

/** Metres per degree of latitude on the mean sphere. */
const M_PER_DEG_LAT = (6_371_008.8 * Math.PI) / 180;

type Area = Feature<Polygon | MultiPolygon>;

/** One sweep line: its longitude (in the turned frame) and the pieces of it that are flown. */
interface SweepLine {
  lng: number;
  pieces: Span[];
}

const closed = (ring: readonly LngLat[]): LngLat[] => [...ring, ring[0] ?? [0, 0]];

function grownArea(p: MappingPolygon, margin: number): Area | undefined {
  const holes = (p.holes ?? []).filter((h) => h.length >= 3).map(closed);
  const area = polygon([closed(p.outer), ...holes]);
  if (margin === 0) return area;
  return buffer(area, margin, { units: 'meters' }) ?? undefined;
}

/** The polygons of `area`, each as its rings (outer first). */
const polygonsOf = (area: Area): Position[][][] =>
  area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;

/**
 * `area` without its holes, in the same kind of geometry: where a line enters and leaves the area
 * is read from this, so an area without holes gets exactly the lines it always had.
 */
function outersOf(area: Area): Area {
  const outers = polygonsOf(area).map((rings) => rings.slice(0, 1));
  return area.geometry.type === 'Polygon' ? polygon(outers[0] ?? []) : multiPolygon(outers);
}

const innersOf = (area: Area): Position[][] => polygonsOf(area).flatMap((rings) => rings.slice(1));

/** The turned area, taken apart once for all its lines. */
interface Frame {
  outers: Area;
  inners: Position[][];
  south: number;
  north: number;
}

/** The flown pieces of the line at `lng`, south to north: first entry to last exit, less holes. */
function piecesAt(f: Frame, lng: number): Span[] {
  // Reaching a little (about 100 m) past the area, so each end crosses its edge rather than touching it.
  const span = lineString([
    [lng, f.south - 0.001],
    [lng, f.north + 0.001],
  ]);
  const lats = lineIntersect(span, f.outers).features.map((p) => p.geometry.coordinates[1] ?? 0);
  if (lats.length < 2) return [];
  const holes = f.inners.flatMap((ring) => ringSpans(ring, lng));
  return cutSpan([Math.min(...lats), Math.max(...lats)], holes, MIN_PASS_M / M_PER_DEG_LAT);
}

/**
 * The lines over the turned area, west to east, `spacing` apart from half a spacing inside its
 * western edge. An area narrower than half a spacing gets one line through its middle, so that a
 * thin strip is still flown.
 */
function sweep(turned: Area, spacing: number): { lines: SweepLine[]; overflow: boolean } {
  const outers = outersOf(turned);
  const [west, south, east, north] = bbox(outers);
  const frame: Frame = { outers, inners: innersOf(turned), south, north };
  const midLat = (south + north) / 2;
  const lngAt = (k: number) =>
    destination([west, midLat], spacing * (k + 0.5), 90, { units: 'meters' }).geometry
      .coordinates[0] ?? east;
  const lines: SweepLine[] = [];
  const add = (lng: number) => {
    const pieces = piecesAt(frame, lng);
    if (pieces.length > 0) lines.push({ lng, pieces });
  };
  for (let k = 0; k < MAX_MAPPING_LINES; k++) {
    const lng = lngAt(k);
    if (lng > east) {
      if (k === 0) add((west + east) / 2);
      return { lines, overflow: false };
    }
    add(lng);
  }
  return { lines, overflow: lngAt(MAX_MAPPING_LINES) <= east };
}

/**
 * The ends of every pass in flying order: lines alternately south to north and back, and the pieces
 * a hole leaves of one line flown one after the other in that line's direction.
 */
function passEnds(lines: readonly SweepLine[]): LngLat[] {
  return lines.flatMap(({ lng, pieces }, i) => {
    const ends = pieces.flatMap(([south, north]): LngLat[] => [
      [lng, south],
      [lng, north],
    ]);
    return i % 2 === 0 ? ends : ends.reverse();
  });
}

/** The passes of a mapping route over `area`, laid out as `layout` says. */
export function mappingPasses(area: MappingPolygon, layout: MappingLayout): MappingPasses {
  const none: MappingPasses = { passes: [], overflow: false };
  if (area.outer.length < 3 || !(layout.lineSpacing > 0)) return none;
  const grown = grownArea(area, layout.margin);
  if (!grown) return none;
  // The pivot is the middle of the outer ring(s) only: adding a hole cuts lines, it does not move them.
  const pivot = centroid(outersOf(grown)).geometry.coordinates as LngLat;
  // Rotating the area by −direction makes the wanted lines run north–south; the lines are then
  // rotated back by +direction about the same pivot.
  const turned = transformRotate(grown, -layout.direction, { pivot });
  const { lines, overflow } = sweep(turned, layout.lineSpacing);
  const ends = passEnds(lines);
  if (ends.length === 0) return { passes: [], overflow };
  const back = transformRotate(lineString(ends), layout.direction, { pivot }).geometry.coordinates;
  const at = (i: number): LngLat => {
    const [lng = 0, lat = 0] = back[i] ?? [];
    return [lng, lat];
  };
  const passes = Array.from({ length: ends.length / 2 }, (_, k): MappingPass => [
    at(2 * k),
    at(2 * k + 1),
  ]);
  return { passes, overflow };
}

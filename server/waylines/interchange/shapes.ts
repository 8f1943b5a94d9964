/**
 * What another tool's file holds once read: areas (outer rings) and lines with the heights the file
 * gives, before any of it becomes a route. KML and GeoJSON readers both give these.
 */
import type { InterchangeFormat } from '../../../protocol/waylineInterchange.ts';

/** A position: longitude, latitude and, when the file gives one, a height in metres. */
export type Vertex = readonly [lng: number, lat: number, height?: number];

/**
 * How a file states a line's heights: not at all, or in one of the execution file's height modes.
 * `note` says where KML's words were read as the nearest mode: `absolute` (above mean sea level) as
 * above the ellipsoid, `relativeToGround` as above the take-off point.
 */
export type LineHeights =
  | { kind: 'none' }
  | {
      kind: 'given';
      mode: 'relativeToStartPoint' | 'WGS84' | 'realTimeFollowSurface';
      note?: 'sea_level' | 'ground';
    };

/** An area: the corners of its outer ring and of each hole, none of them closed. */
export interface AreaShape {
  kind: 'area';
  /** Ordinal of the shape in the file, from 1: refusals name it. */
  ordinal: number;
  name: string;
  ring: [number, number][];
  /** Inner rings: the flight lines leave them out. */
  holes: [number, number][][];
}

/** A line: its vertices in order. */
export interface LineShape {
  kind: 'line';
  ordinal: number;
  name: string;
  vertices: Vertex[];
  heights: LineHeights;
}

export type Shape = AreaShape | LineShape;

/** A file read: its format, its shapes in order, and how many point placemarks it left out. */
export interface ShapesRead {
  format: InterchangeFormat;
  shapes: Shape[];
  pointsIgnored: number;
}

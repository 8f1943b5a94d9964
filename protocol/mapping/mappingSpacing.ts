/**
 * How far apart a mapping route's lines and photos are: the side overlap sets the gap between the
 * camera footprints of neighbouring lines, the front overlap the distance flown between photos.
 */

/** Image height over width of the photo; 3:4 is the ratio of DJI's enterprise mapping cameras. */
export const FRAME_ASPECT = 3 / 4;

/** Overlaps of a new mapping area, %: front (along a line) and side (between lines). */
export const MAPPING_OVERLAP = { front: 80, side: 70 } as const;

/** What the spacing depends on: the camera's height and field of view, and the overlaps. */
export interface MappingCamera {
  /** Height above the ground, m. */
  height: number;
  /** Horizontal field of view, degrees. */
  fovDeg: number;
  /** Overlap of consecutive photos along a line, %. */
  frontOverlap: number;
  /** Overlap of neighbouring lines, %. */
  sideOverlap: number;
}

/** Distance between neighbouring lines and between photos along a line, m. */
export function mappingSpacing(c: MappingCamera): { lineSpacing: number; photoSpacing: number } {
  const halfTan = Math.tan(((c.fovDeg / 2) * Math.PI) / 180);
  const footprintWidth = 2 * c.height * halfTan;
  const footprintLength = footprintWidth * FRAME_ASPECT;
  return {
    lineSpacing: footprintWidth * (1 - c.sideOverlap / 100),
    photoSpacing: footprintLength * (1 - c.frontOverlap / 100),
  };
}

/**
 * The flight lines of a mapping area, for an area imported from another tool: a mapping2d route
 * needs its generated waylines in the execution file, or a dock has nothing to fly. The lines are
 * the route editor's (`protocol/mapping/`) with the settings of a new area there, so opening the
 * route in the editor shows the same lines; this module adds the import's refusals.
 */
import { area as surface, polygon } from '@turf/turf';
import {
  MAX_MAPPING_LINES,
  mappingPasses,
  type LngLat,
} from '../../../protocol/mapping/mappingPasses.ts';
import {
  MAPPING_OVERLAP,
  mappingSpacing as spacingOf,
} from '../../../protocol/mapping/mappingSpacing.ts';
import { payloadFovDeg } from '../../../protocol/mapping/payloadFov.ts';
import { InterchangeError } from './InterchangeError.ts';

export { MAPPING_OVERLAP } from '../../../protocol/mapping/mappingSpacing.ts';
export { MAX_MAPPING_LINES } from '../../../protocol/mapping/mappingPasses.ts';

/** An area's smallest surface that can be flown, m². */
const MIN_AREA_M2 = 1;

/** Line and photo spacing, m, for `payloadKey`'s camera at `heightM` above the ground. */
export function mappingSpacing(
  heightM: number,
  payloadKey: string,
): { line: number; photo: number } {
  const { lineSpacing, photoSpacing } = spacingOf({
    height: heightM,
    fovDeg: payloadFovDeg(payloadKey),
    frontOverlap: MAPPING_OVERLAP.front,
    sideOverlap: MAPPING_OVERLAP.side,
  });
  return { line: lineSpacing, photo: photoSpacing };
}

/**
 * The waypoints over `ring` (WGS 84 `[lng, lat]`, not closed) less its `holes`, two per pass:
 * north–south lines flown alternately south to north and back, a line that crosses a hole flown as
 * one pass each side of it. `shape` names the area in refusals.
 */
export function mappingLines(
  ring: readonly LngLat[],
  lineSpacing: number,
  shape: number,
  holes: readonly (readonly LngLat[])[] = [],
): LngLat[] {
  if (ring.length < 3 || surface(polygon([[...ring, ring[0] ?? [0, 0]]])) < MIN_AREA_M2)
    throw new InterchangeError('wayline_import.too_few_corners', { shape });
  const { passes, overflow } = mappingPasses(
    { outer: ring, holes },
    { lineSpacing, direction: 0, margin: 0 },
  );
  if (overflow)
    throw new InterchangeError('wayline_import.area_too_large', { shape, max: MAX_MAPPING_LINES });
  return passes.flat();
}

import type { InterchangeFormat } from '../../../protocol/waylineInterchange.ts';
import { buildRoutes, type ImportChoices, type PlannedRoute } from './buildRoutes.ts';
import { InterchangeError } from './InterchangeError.ts';
import { readShapes } from './readShapes.ts';

/** What an import of a file makes: its format and the routes, not yet written or stored. */
export interface ImportPlan {
  format: InterchangeFormat;
  routes: PlannedRoute[];
}

/**
 * The routes a KML, KMZ or GeoJSON file makes with `choices`. Throws `WaylineFileError` or
 * `InterchangeError` naming what is wrong; a file with nothing to fly (points only) is refused.
 */
export function planImport(
  bytes: Uint8Array,
  fileName: string,
  choices: ImportChoices,
): ImportPlan {
  const read = readShapes(bytes, fileName);
  const routes = buildRoutes(read.shapes, read.pointsIgnored, choices);
  if (routes.length === 0)
    throw new InterchangeError('wayline_import.no_shapes', { points: read.pointsIgnored });
  return { format: read.format, routes };
}

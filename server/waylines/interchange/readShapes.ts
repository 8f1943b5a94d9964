/**
 * Reads a file another tool wrote, whatever its name says: a ZIP is a KMZ, text opening with `<` is
 * KML, text opening with `{` is GeoJSON. A KMZ is read with the WPML upload's inflate limits and its
 * KML scanned while it inflates.
 */
import type { InterchangeFormat } from '../../../protocol/waylineInterchange.ts';
import { readKmzEntry, WAYLINES_PATH } from '../kmzArchive.ts';
import { WaylineFileError } from '../WaylineFileError.ts';
import { scanXml } from '../xmlScan.ts';
import { readGeoJsonShapes } from './geoJsonRead.ts';
import { InterchangeError } from './InterchangeError.ts';
import { readKmlShapes } from './kmlRead.ts';
import type { ShapesRead } from './shapes.ts';

/**
 * Uncompressed bytes a KMZ of areas and lines may hold: its KML is parsed into a tree, and 32 MB
 * is some ten times the KML of the largest route this console writes.
 */
export const INTERCHANGE_MAX_UNCOMPRESSED = 32 * 1024 * 1024;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The format of `bytes` by their first bytes; refused when they open like none of the three. */
function formatOf(bytes: Uint8Array): InterchangeFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'kmz';
  let at = UTF8_BOM.every((b, i) => bytes[i] === b) ? UTF8_BOM.length : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at] ?? 0)) at++;
  if (bytes[at] === 0x3c) return 'kml';
  if (bytes[at] === 0x7b) return 'geojson';
  throw new InterchangeError('wayline_import.format');
}

/**
 * The KML of a KMZ: `doc.kml` by convention, else the first `.kml` entry, as Google Earth reads
 * it. A DJI route (with `wpmz/waylines.wpml`) is sent back to the route upload, which keeps its
 * waypoints and actions.
 */
function mainKml(names: readonly string[]): string | undefined {
  if (names.includes(WAYLINES_PATH)) throw new InterchangeError('wayline_import.is_wpml');
  const chosen = names.find((n) => n === 'doc.kml') ?? names.find((n) => /\.kml$/i.test(n));
  if (chosen === undefined) throw new InterchangeError('wayline_import.no_kml');
  return chosen;
}

/**
 * The areas and lines of a KML, KMZ or GeoJSON file; `fileName` names a plain file in refusals.
 * Throws `WaylineFileError` or `InterchangeError` naming what is wrong.
 */
export function readShapes(bytes: Uint8Array, fileName: string): ShapesRead {
  if (bytes.length === 0) throw new WaylineFileError('wayline.empty');
  const format = formatOf(bytes);
  switch (format) {
    case 'kmz': {
      const entry = readKmzEntry(bytes, mainKml, INTERCHANGE_MAX_UNCOMPRESSED, (part, file) =>
        scanXml(part, file, false),
      );
      if (entry === undefined) throw new InterchangeError('wayline_import.no_kml');
      return { format, ...readKmlShapes(entry.data, entry.name) };
    }
    case 'kml':
      return { format, ...readKmlShapes(bytes, fileName) };
    case 'geojson':
      return { format, ...readGeoJsonShapes(bytes) };
  }
}

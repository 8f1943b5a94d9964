/** What is wrong with a KML, KMZ or GeoJSON file; each names one message of the server catalogue. */
export type InterchangeProblem =
  | 'wayline_import.format'
  | 'wayline_import.is_wpml'
  | 'wayline_import.no_kml'
  | 'wayline_import.not_kml'
  | 'wayline_import.json'
  | 'wayline_import.not_geojson'
  | 'wayline_import.json_depth'
  | 'wayline_import.too_many_values'
  | 'wayline_import.no_shapes'
  | 'wayline_import.coordinates'
  | 'wayline_import.height'
  | 'wayline_import.too_few_corners'
  | 'wayline_import.too_many_corners'
  | 'wayline_import.too_many_areas'
  | 'wayline_import.too_many_lines'
  | 'wayline_import.area_too_large';

/**
 * A file another tool wrote that the console refuses, with the problem and its details (which shape,
 * which vertex, what value). The HTTP layer turns it into a 400 in the caller's language.
 */
export class InterchangeError extends Error {
  constructor(
    readonly problem: InterchangeProblem,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${problem} ${JSON.stringify(params)}`);
    this.name = 'InterchangeError';
  }
}

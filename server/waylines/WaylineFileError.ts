/** What is wrong with an uploaded KMZ; each names one message of the server catalogue. */
export type WaylineProblem =
  | 'wayline.empty'
  | 'wayline.not_zip'
  | 'wayline.corrupt'
  | 'wayline.too_large'
  | 'wayline.no_waylines'
  | 'wayline.xml'
  | 'wayline.xml_unreadable'
  | 'wayline.doctype'
  | 'wayline.too_deep'
  | 'wayline.too_many_elements'
  | 'wayline.namespace'
  | 'wayline.missing'
  | 'wayline.invalid_value'
  | 'wayline.coordinates'
  | 'wayline.no_points'
  | 'wayline.too_many_points';

/**
 * A KMZ the console refuses, with the problem and its details (file, line, element, value). The HTTP
 * layer turns it into a 400 in the caller's language; nothing of the file is stored.
 */
export class WaylineFileError extends Error {
  constructor(
    readonly problem: WaylineProblem,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(`${problem} ${JSON.stringify(params)}`);
    this.name = 'WaylineFileError';
  }
}

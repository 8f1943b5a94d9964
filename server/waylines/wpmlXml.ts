import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { WaylineFileError } from './WaylineFileError.ts';

/** The WPML namespace, any 1.0.x revision (DJI's docs show 1.0.2, FlightHub 2 writes 1.0.6). */
const WPML_NAMESPACE =
  /xmlns:([A-Za-z_][\w.-]*)\s*=\s*["']http:\/\/www\.dji\.com\/wpmz\/(1\.0\.\d+)["']/;

/** A parsed element: text, or named children (repeatable ones always arrays). */
export type XmlNode = string | { [name: string]: XmlNode | XmlNode[] | undefined };

/** Elements that may repeat and are read as arrays whatever their count. */
const REPEATED = new Set(['Folder', 'Placemark', 'wpml:actionGroup', 'wpml:action']);

/** A parsed WPML file: its `Document` element and the namespace revision it declared. */
export interface WpmlDocument {
  document: XmlNode;
  version: string;
}

/** Longest parser message a refusal repeats. */
const DETAIL_CHARS = 120;

/**
 * Parses one WPML file, already scanned by `scanXml` (no DOCTYPE, bounded depth and size). Whatever
 * prefix the file binds the WPML namespace to, elements come out as `wpml:name`, so readers look
 * for one spelling. Malformed XML fails with its line number; anything else the parser refuses is
 * `wayline.xml_unreadable` with its words, never an unexplained failure.
 * Large files are read on a worker thread (readOffThread.ts), so the time this takes (about 0.8 s
 * of CPU for 2 000 waypoints that each carry every action) never holds up the server.
 */
export function parseWpml(text: string, file: string): WpmlDocument {
  try {
    return parseChecked(text, file);
  } catch (error) {
    if (error instanceof WaylineFileError) throw error;
    // The parser's own limits (entities, nesting) and a stack it ran out of: the file is refused.
    const detail = error instanceof Error ? error.message : String(error);
    throw new WaylineFileError('wayline.xml_unreadable', {
      file,
      detail: detail.slice(0, DETAIL_CHARS),
    });
  }
}

function parseChecked(text: string, file: string): WpmlDocument {
  // The validator is what reports the line of an error (the parser itself is lenient). It moved to
  // a separate package upstream that this project does not carry; v5 still ships it.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new WaylineFileError('wayline.xml', {
      file,
      line: valid.err.line,
      detail: valid.err.msg,
    });
  const ns = WPML_NAMESPACE.exec(text);
  if (!ns?.[1] || !ns[2]) throw new WaylineFileError('wayline.namespace', { file });
  const prefix = `${ns[1]}:`;
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    // Callbacks get a matcher instead of a path string built for every tag: half the parse time.
    jPath: false,
    transformTagName: (name) =>
      name.startsWith(prefix) ? `wpml:${name.slice(prefix.length)}` : name,
    isArray: (name) => REPEATED.has(name),
  });
  const root = parser.parse(text) as Record<string, XmlNode | undefined>;
  const kml = root.kml;
  const document = typeof kml === 'object' && !Array.isArray(kml) ? kml.Document : undefined;
  if (document === undefined || Array.isArray(document))
    throw new WaylineFileError('wayline.missing', { file, element: 'kml/Document' });
  return { document, version: ns[2] };
}

/** The children of an element named `name` (an empty list when absent). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The one child element `name`, or undefined. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** The text of the child `name`, or undefined when it is absent or not text. */
export function text(node: XmlNode | undefined, name: string): string | undefined {
  const value = child(node, name);
  return typeof value === 'string' ? value : undefined;
}

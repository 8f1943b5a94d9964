/** An element to write: text, or children (absent ones are `null` and left out). */
export interface XNode {
  name: string;
  text?: string;
  children?: XNode[];
}

/** An element with text; `undefined` leaves the element out. */
export function leaf(name: string, value: string | number | undefined): XNode | null {
  return value === undefined ? null : { name, text: String(value) };
}

/** An element with children. */
export function branch(name: string, children: readonly (XNode | null)[]): XNode {
  return { name, children: children.filter((c): c is XNode => c !== null) };
}

const ENTITIES: Readonly<Record<string, string>> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

const SPECIAL = /[<>&"']/;

function escape(text: string): string {
  // Nearly every value is a number or a WPML word: test once instead of replacing every time.
  return SPECIAL.test(text) ? text.replace(/[<>&"']/g, (c) => ENTITIES[c] ?? c) : text;
}

/** Indentation by depth, made once per depth. */
const PADS: string[] = [];

function render(node: XNode, depth: number, out: string[]): void {
  const pad = (PADS[depth] ??= '  '.repeat(depth));
  if (node.children === undefined) {
    out.push(`${pad}<${node.name}>${escape(node.text ?? '')}</${node.name}>`);
    return;
  }
  out.push(`${pad}<${node.name}>`);
  for (const c of node.children) render(c, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** A UTF-8 XML document: `<root namespaces>` around `document`. */
export function xmlDocument(root: string, namespaces: string, document: XNode): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<${root} ${namespaces}>`];
  render(document, 1, out);
  out.push(`</${root}>`, '');
  return out.join('\n');
}

/** A KML document with the KML and WPML namespaces, as DJI's tools write them. */
export function kmlDocument(wpmzVersion: string, document: XNode): string {
  return xmlDocument(
    'kml',
    `xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/${wpmzVersion}"`,
    document,
  );
}

/**
 * Nests `path → text` pairs (`a/b/c`) into elements, keeping first-seen order: the inverse of how
 * template settings the model does not name are kept.
 */
export function nest(pairs: readonly [string, string][]): XNode[] {
  const top: XNode[] = [];
  for (const [path, value] of pairs) {
    const names = path.split('/');
    let level = top;
    names.forEach((name, i) => {
      if (i === names.length - 1) {
        level.push({ name, text: value });
        return;
      }
      let group = level.find((n) => n.name === name && n.children !== undefined);
      if (!group) {
        group = { name, children: [] };
        level.push(group);
      }
      level = group.children ?? [];
    });
  }
  return top;
}

/**
 * Tile templates as providers publish them often spread the load over numbered or lettered hosts
 * (`webrd0{1-4}.…`, `{a-c}.tile.…`); MapLibre takes that as a list of URLs instead.
 */

const RANGE = /\{([0-9a-z])-([0-9a-z])\}/;

/** Expands one `{1-4}` or `{a-c}` host range of a template into one URL per host. */
export function expandTileTemplate(template: string): string[] {
  const match = RANGE.exec(template);
  if (!match?.[1] || !match[2]) return [template];
  const from = match[1].charCodeAt(0);
  const to = match[2].charCodeAt(0);
  if (to < from) return [template];
  return Array.from({ length: to - from + 1 }, (_, i) =>
    template.replace(RANGE, String.fromCharCode(from + i)),
  );
}

/**
 * Cutting one sweep line at an area's holes, in the frame where the lines run north–south: a line
 * is the span of latitudes `[south, north]` at one longitude, and each hole covers some spans of it.
 */

/** A stretch of one sweep line, `[south, north]`, in degrees of latitude. */
export type Span = readonly [number, number];

/**
 * The spans of the vertical line at `x` that lie inside `ring` (closed: last position repeats the
 * first), by the even–odd rule. Each edge counts where it crosses `x` half-open, so a line through a
 * corner counts that corner once where the ring crosses it and twice or not at all where the ring
 * only touches it; the crossings therefore always pair up.
 */
export function ringSpans(ring: readonly (readonly number[])[], x: number): Span[] {
  const ys: number[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
    if (x1 <= x === x2 <= x) continue;
    ys.push(y1 + ((x - x1) * (y2 - y1)) / (x2 - x1));
  }
  ys.sort((a, b) => a - b);
  const spans: Span[] = [];
  for (let i = 0; i + 1 < ys.length; i += 2) spans.push([ys[i] ?? 0, ys[i + 1] ?? 0]);
  return spans;
}

/**
 * What is left of `span` once every one of `holes` is taken out, south to north. Pieces shorter
 * than `minLength` that a cut left are dropped: they are slivers where a hole grazes the edge, and a
 * pass there would be a stop and a photo over next to nothing. An uncut span is kept as it is.
 */
export function cutSpan(span: Span, holes: readonly Span[], minLength: number): Span[] {
  const [first, last] = span;
  const cutting = holes.filter(([from, to]) => to > first && from < last);
  if (cutting.length === 0) return [span];
  let pieces: Span[] = [span];
  for (const [from, to] of cutting) {
    pieces = pieces.flatMap(([south, north]): Span[] => {
      if (to <= south || from >= north) return [[south, north]];
      const left: Span[] = [];
      if (from > south) left.push([south, from]);
      if (to < north) left.push([to, north]);
      return left;
    });
  }
  return pieces.filter(([south, north]) => north - south >= minLength);
}

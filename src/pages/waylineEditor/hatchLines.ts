/**
 * Diagonal hatching of a polygon, as line segments inside it: how the editor's map marks a hole of a
 * mapping area as "left out" without a fill pattern image (the map's one missing-image resolver
 * belongs to its icons). Plane geometry on degrees, longitudes scaled by the cosine of the
 * latitude so the strokes lie at 45° on screen; a hole is small enough for that.
 */

type Point = [number, number];

/** Strokes across a ring's extent, so each hole gets about as many whatever its size. */
const STROKES = 14;

/**
 * The segments of parallel 45° strokes that lie inside `ring` (not closed), by the even–odd rule,
 * so a concave ring is hatched only where it is.
 */
export function hatchLines(ring: readonly Point[], strokes = STROKES): [Point, Point][] {
  if (ring.length < 3) return [];
  const lat0 = ring.reduce((s, [, lat]) => s + lat, 0) / ring.length;
  const k = Math.cos((lat0 * Math.PI) / 180) || 1;
  // Turned by −45°: strokes are lines of constant v.
  const turned = ring.map(([x, y]): Point => {
    const sx = x * k;
    return [(sx + y) / Math.SQRT2, (y - sx) / Math.SQRT2];
  });
  const vs = turned.map(([, v]) => v);
  const [low, high] = [Math.min(...vs), Math.max(...vs)];
  const step = (high - low) / strokes;
  if (!(step > 0)) return [];
  const back = (u: number, v: number): Point => [(u - v) / Math.SQRT2 / k, (u + v) / Math.SQRT2];
  const out: [Point, Point][] = [];
  for (let v = low + step / 2; v < high; v += step) {
    const us: number[] = [];
    turned.forEach(([pu, pv], i) => {
      const [qu, qv] = turned[(i + 1) % turned.length] ?? [pu, pv];
      // Half-open, so a stroke through a corner counts it once.
      if (pv <= v !== qv <= v) us.push(pu + ((v - pv) * (qu - pu)) / (qv - pv));
    });
    us.sort((a, b) => a - b);
    for (let i = 0; i + 1 < us.length; i += 2)
      out.push([back(us[i] ?? 0, v), back(us[i + 1] ?? 0, v)]);
  }
  return out;
}

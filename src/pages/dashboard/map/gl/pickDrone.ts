/**
 * Which drone a click or the pointer is on. The GL layer has no features for MapLibre to query, so
 * the layer hit-tests on the CPU, in screen pixels, from the same positions it draws.
 */

/** A drone counts as hit within this distance of its centre (px): the arrow is 20 px across. */
export const PICK_RADIUS_PX = 10;

/**
 * The slot nearest to (`x`, `y`) within `radius` px among `count` screen positions (`xs`, `ys`),
 * skipping hidden ones; `-1` when none. On a tie the later slot wins: it is drawn on top.
 */
export function pickDrone(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  hidden: ArrayLike<number>,
  count: number,
  x: number,
  y: number,
  radius = PICK_RADIUS_PX,
): number {
  let best = -1;
  let bestDistance = radius * radius;
  for (let i = 0; i < count; i += 1) {
    if ((hidden[i] ?? 0) !== 0) continue;
    const dx = (xs[i] ?? Number.NaN) - x;
    const dy = (ys[i] ?? Number.NaN) - y;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

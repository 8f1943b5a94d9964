/**
 * Integer hashing for the synthetic ground: every feature is a pure function of world coordinates, so
 * the same place looks the same in every frame, every photo and every process.
 */

/** A 32-bit hash of two integers and a salt, mapped to [0, 1). */
export function renderHash(x: number, y: number, salt: number): number {
  let h =
    Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(salt | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

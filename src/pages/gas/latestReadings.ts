import type { GasPoint } from '../../../protocol/gas.ts';

/**
 * The newest reading of each device from `prev` and `next` (a newer one wins, whichever list it
 * came from), limited to `keep` when given. Answers `prev` itself when nothing changed, so React
 * keeps its render.
 */
export function mergeLatest(
  prev: readonly GasPoint[],
  next: readonly GasPoint[],
  keep: ReadonlySet<string> | null = null,
): GasPoint[] {
  const bySn = new Map<string, GasPoint>();
  for (const p of prev) if (keep === null || keep.has(p.device_sn)) bySn.set(p.device_sn, p);
  let changed = bySn.size !== prev.length;
  for (const p of next) {
    if (keep !== null && !keep.has(p.device_sn)) continue;
    const had = bySn.get(p.device_sn);
    if (had && had.ts >= p.ts) continue;
    bySn.set(p.device_sn, p);
    changed = true;
  }
  return changed ? [...bySn.values()] : (prev as GasPoint[]);
}

/**
 * The thresholds of a project: the saved ones over the defaults. Ingestion asks for them on every
 * reading, so they are cached for a few seconds and dropped when a project saves; the cache is the
 * app's (`GasState.thresholds`), shared by ingestion and the routes that save.
 */
import type { GasChannel, GasThreshold } from '../../protocol/gas.ts';
import { DEFAULT_THRESHOLDS, GAS_CHANNELS } from '../../protocol/gas.ts';
import type { Db } from '../db/Db.ts';

const CACHE_MS = 5_000;
export interface ThresholdCache {
  entries: Map<number, { at: number; list: GasThreshold[] }>;
  /**
   * Bumped by every save. A read that was already under way when a project saved returns what was
   * there before; it must not be cached, or the old thresholds would judge readings for seconds.
   */
  generation: number;
}

/** An empty cache. */
export function createThresholdCache(): ThresholdCache {
  return { entries: new Map(), generation: 0 };
}

/** Thresholds of `workspaceId`, one per channel in the page's order. */
export async function thresholdsOf(db: Db, workspaceId: number): Promise<GasThreshold[]> {
  const rows = await db.query<{ gas: string; caution: number | string; warning: number | string }>(
    'select gas, caution, warning from gas_thresholds where workspace_id = $1',
    [workspaceId],
  );
  const saved = new Map(rows.map((r) => [r.gas, r]));
  return DEFAULT_THRESHOLDS.map((d) => {
    const s = saved.get(d.gas);
    return s ? { gas: d.gas, caution: Number(s.caution), warning: Number(s.warning) } : { ...d };
  });
}

/** `thresholdsOf` through `cache`, for ingestion. */
export async function cachedThresholds(
  db: Db,
  cache: ThresholdCache,
  workspaceId: number,
  now: number,
): Promise<GasThreshold[]> {
  const hit = cache.entries.get(workspaceId);
  if (hit && now - hit.at < CACHE_MS) return hit.list;
  const generation = cache.generation;
  const list = await thresholdsOf(db, workspaceId);
  if (cache.generation === generation) cache.entries.set(workspaceId, { at: now, list });
  return list;
}

/** A project saved its thresholds: the next reading uses them. */
export function forgetThresholds(cache: ThresholdCache, workspaceId: number): void {
  cache.entries.delete(workspaceId);
  cache.generation++;
}

/** 0 below caution, 1 caution, 2 warning. */
export function levelFor(value: number, t: GasThreshold): 0 | 1 | 2 {
  if (value >= t.warning) return 2;
  return value >= t.caution ? 1 : 0;
}

export const isChannel = (v: string): v is GasChannel =>
  (GAS_CHANNELS as readonly string[]).includes(v);

/** The pilot's latency-guard thresholds, kept in this browser (they depend on the pilot's link). */
import {
  DEFAULT_GUARD,
  normaliseGuard,
  type LatencyGuardConfig,
} from '../../lib/sticks/latencyGuard.ts';

const KEY = 'skydeck.cockpit.guard';

export function loadGuard(): LatencyGuardConfig {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return DEFAULT_GUARD;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_GUARD;
    const read = (name: string): number | undefined => {
      const v: unknown = Reflect.get(value, name);
      return typeof v === 'number' ? v : undefined;
    };
    return normaliseGuard({ warnMs: read('warnMs'), stopMs: read('stopMs') });
  } catch {
    return DEFAULT_GUARD;
  }
}

export function saveGuard(config: LatencyGuardConfig): void {
  localStorage.setItem(KEY, JSON.stringify({ warnMs: config.warnMs, stopMs: config.stopMs }));
}

/**
 * The cockpit's latency guard: a small state machine over the worse of the command-link delay and
 * the telemetry age. Past the warning threshold the pilot is told loudly and stick authority is
 * limited; past the stop threshold sticks stop (the aircraft hovers). Either way the guard only
 * stands down after the link has stayed below the warning threshold for a while, so a link that
 * flickers around a threshold does not hand full authority back and forth.
 */

export type GuardLevel = 'ok' | 'warn' | 'stop';

export interface LatencyGuardConfig {
  /** Delay or age (ms) from which the cockpit warns and limits authority. */
  warnMs: number;
  /** Delay or age (ms) from which sticks stop. */
  stopMs: number;
  /** How long (ms) the link must stay below `warnMs` before the guard stands down. */
  healthyForMs: number;
  /** Share of stick travel (0…1) allowed while warning. */
  warnAuthority: number;
}

/** 300 ms is where manual flying starts to feel late; at 800 ms a correction lands after the fact. */
export const DEFAULT_GUARD: LatencyGuardConfig = {
  warnMs: 300,
  stopMs: 800,
  healthyForMs: 2_000,
  warnAuthority: 0.4,
};

export interface GuardState {
  level: GuardLevel;
  /** Since when (ms) the link has been below `warnMs` without a break; `null` while it is not. */
  healthySince: number | null;
}

export const INITIAL_GUARD: GuardState = { level: 'ok', healthySince: null };

/** The next state after observing `delayMs` (the worse of link delay and data age) at time `now`. */
export function stepGuard(
  state: GuardState,
  delayMs: number,
  now: number,
  config: LatencyGuardConfig = DEFAULT_GUARD,
): GuardState {
  if (delayMs >= config.stopMs) return { level: 'stop', healthySince: null };
  if (delayMs >= config.warnMs) {
    // Above the warning line a stopped guard stays stopped: the link is not healthy yet.
    return { level: state.level === 'stop' ? 'stop' : 'warn', healthySince: null };
  }
  if (state.level === 'ok') return INITIAL_GUARD;
  const healthySince = state.healthySince ?? now;
  if (now - healthySince >= config.healthyForMs) return INITIAL_GUARD;
  return { level: state.level, healthySince };
}

/** Share of stick travel the pilot may use at a guard level. */
export function authorityOf(level: GuardLevel, config: LatencyGuardConfig = DEFAULT_GUARD): number {
  switch (level) {
    case 'ok':
      return 1;
    case 'warn':
      return config.warnAuthority;
    case 'stop':
      return 0;
  }
}

/** A config with sane bounds: thresholds positive and ordered, authority within 0…1. */
export function normaliseGuard(input: Partial<LatencyGuardConfig>): LatencyGuardConfig {
  const num = (v: number | undefined, fallback: number): number =>
    v !== undefined && Number.isFinite(v) && v > 0 ? v : fallback;
  const warnMs = num(input.warnMs, DEFAULT_GUARD.warnMs);
  const stopMs = Math.max(num(input.stopMs, DEFAULT_GUARD.stopMs), warnMs + 1);
  return {
    warnMs,
    stopMs,
    healthyForMs: num(input.healthyForMs, DEFAULT_GUARD.healthyForMs),
    warnAuthority: Math.min(1, num(input.warnAuthority, DEFAULT_GUARD.warnAuthority)),
  };
}

/**
 * The pilot's latency-guard thresholds: kept per user on the server (`DRC_API.guard`), checked here
 * before saving the way the server checks them, and turned into the guard's configuration.
 */
import { DRC_GUARD_LIMITS } from '../../../protocol/drc.ts';
import type { DrcGuardSettings } from '../../../protocol/drc.ts';
import { normaliseGuard, type LatencyGuardConfig } from '../../lib/sticks/latencyGuard.ts';

export type GuardField = keyof DrcGuardSettings;

/** What is wrong with a field, as the form shows it: a bad number, or a stop line not above warn. */
export type GuardProblem = 'range' | 'order';

/** The problems of the typed values; `stop_ms` carries the ordering problem. */
export function guardProblems(
  settings: Record<GuardField, number>,
): Partial<Record<GuardField, GuardProblem>> {
  const inRange = (v: number) =>
    Number.isInteger(v) && v >= DRC_GUARD_LIMITS.min && v <= DRC_GUARD_LIMITS.max;
  const problems: Partial<Record<GuardField, GuardProblem>> = {};
  if (!inRange(settings.warn_ms)) problems.warn_ms = 'range';
  if (!inRange(settings.stop_ms)) problems.stop_ms = 'range';
  else if (problems.warn_ms === undefined && settings.stop_ms <= settings.warn_ms)
    problems.stop_ms = 'order';
  return problems;
}

/** The stick loop's guard for the saved thresholds. */
export const guardConfigOf = (settings: DrcGuardSettings): LatencyGuardConfig =>
  normaliseGuard({ warnMs: settings.warn_ms, stopMs: settings.stop_ms });

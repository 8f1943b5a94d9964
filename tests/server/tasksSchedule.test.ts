import { describe, expect, it } from 'vitest';
import { nextRun } from '../../server/tasks/nextRun.ts';

// Local time, like the schedules: Monday 23 November 2026, midnight.
const MONDAY = new Date(2026, 10, 23, 0, 0).getTime();
const at = (day: number, hour: number, minute: number) =>
  new Date(2026, 10, day, hour, minute).getTime();
const recurring = {
  kind: 'recurring' as const,
  days: [1, 3],
  times: ['17:00', '09:30'],
  from: MONDAY,
  to: MONDAY + 14 * 86_400_000,
};

describe('when a task runs next', () => {
  it('walks a recurring schedule through its days and times and stops at its end', () => {
    expect(nextRun(recurring, MONDAY, true)).toBe(at(23, 9, 30));
    expect(nextRun(recurring, at(23, 9, 30), false)).toBe(at(23, 17, 0));
    expect(nextRun(recurring, at(23, 17, 0), false)).toBe(at(25, 9, 30));
    expect(nextRun(recurring, at(25, 17, 0), false)).toBe(at(30, 9, 30));
    expect(nextRun(recurring, at(2, 17, 0) + 86_400_000 * 30, false)).toBeNull();
    expect(nextRun({ ...recurring, to: MONDAY + 3_600_000 }, MONDAY, true)).toBeNull();
  });

  it('runs one-shot schedules once', () => {
    expect(nextRun({ kind: 'immediate' }, 1_000, true)).toBe(1_000);
    expect(nextRun({ kind: 'immediate' }, 1_000, false)).toBeNull();
    expect(nextRun({ kind: 'timed', at: 5_000 }, 1_000, true)).toBe(5_000);
    expect(nextRun({ kind: 'timed', at: 5_000 }, 5_000, false)).toBeNull();
    const conditional = { kind: 'conditional' as const, battery: 50, begin: 9_000, end: 20_000 };
    expect(nextRun(conditional, 1_000, true)).toBe(9_000);
    expect(nextRun(conditional, 12_000, true)).toBe(12_000);
  });
});

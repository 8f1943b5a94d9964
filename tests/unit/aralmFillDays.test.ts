import { describe, expect, it } from 'vitest';
import { fillDays } from '../../src/pages/aiAlarms/fillDays.ts';

describe('per-day alarm chart days', () => {
  it('shows a week ending on the only day with alarms, the others at zero', () => {
    expect(fillDays([{ day: '2026-11-27', count: 2 }])).toEqual([
      { day: '2026-11-21', count: 0 },
      { day: '2026-11-22', count: 0 },
      { day: '2026-11-23', count: 0 },
      { day: '2026-11-24', count: 0 },
      { day: '2026-11-25', count: 0 },
      { day: '2026-11-26', count: 0 },
      { day: '2026-11-27', count: 2 },
    ]);
  });

  it('fills the quiet days inside a longer span, across a month end', () => {
    const days = fillDays(
      [
        { day: '2026-10-20', count: 1 },
        { day: '2026-11-02', count: 4 },
      ],
      3,
    );
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ day: '2026-10-20', count: 1 });
    expect(days.find((d) => d.day === '2026-10-31')).toEqual({ day: '2026-10-31', count: 0 });
    expect(days.at(-1)).toEqual({ day: '2026-11-02', count: 4 });
    expect(days.reduce((n, d) => n + d.count, 0)).toBe(5);
  });

  it('draws nothing when there is nothing', () => {
    expect(fillDays([])).toEqual([]);
  });
});

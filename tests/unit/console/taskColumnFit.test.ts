import { describe, expect, it } from 'vitest';
import {
  ACTIONS_FOLDED_PX,
  ACTIONS_PX,
  COLUMN_PX,
  fitTaskColumns,
  NAME_MIN_PX,
  ROUTE_MIN_PX,
  type TaskColumnKey,
} from '../../../src/pages/task/columnFit.ts';

/** The least width the chosen columns need, px. */
function widthOf(keys: readonly TaskColumnKey[], folded: boolean): number {
  return keys.reduce((sum, key) => {
    if (key === 'name') return sum + NAME_MIN_PX;
    if (key === 'wayline_name') return sum + ROUTE_MIN_PX;
    if (key === 'actions') return sum + (folded ? ACTIONS_FOLDED_PX : ACTIONS_PX);
    return sum + COLUMN_PX[key];
  }, 0);
}

describe('the task table columns that fit', () => {
  it('show every column on a 1440 px desktop with the sidebar open (1188 px of table)', () => {
    const fit = fitTaskColumns(1188);
    expect(fit.folded).toBe(false);
    expect(fit.keys).toHaveLength(9);
    expect(widthOf(fit.keys, false)).toBeLessThanOrEqual(1188);
  });

  it('keep the name, the newest run and folded actions on a phone', () => {
    expect(fitTaskColumns(374)).toEqual({ keys: ['name', 'last', 'actions'], folded: true });
    expect(fitTaskColumns(344)).toEqual({ keys: ['name', 'last', 'actions'], folded: true });
    expect(fitTaskColumns(304)).toEqual({ keys: ['name', 'actions'], folded: true });
  });

  it('never need more than the width, leave out the least important first, actions last', () => {
    for (let width = 300; width <= 1700; width += 7) {
      const { keys, folded } = fitTaskColumns(width);
      expect(keys.slice(0, 2)).toContain('name');
      expect(keys.at(-1)).toBe('actions');
      expect(widthOf(keys, folded)).toBeLessThanOrEqual(width);
      if (!folded) expect(keys).toContain('last');
      if (keys.includes('index')) expect(keys).toContain('dock_sn');
      if (keys.includes('schedule')) expect(keys).toContain('wayline_name');
      if (keys.includes('next_run_at')) expect(keys).toContain('state');
    }
  });
});

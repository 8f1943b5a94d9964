import { describe, expect, it } from 'vitest';
import { Holds } from '../../src/lib/holds.ts';

describe('holds', () => {
  it('keeps a key until its last holder lets go, each release counting once', () => {
    const holds = new Holds();
    const first = holds.hold('UAV1');
    const second = holds.hold('UAV1');
    const other = holds.hold('UAV2');
    expect(holds.keys()).toEqual(['UAV1', 'UAV2']);
    expect(first()).toBe(true);
    expect(first()).toBe(false);
    expect(holds.keys()).toEqual(['UAV1', 'UAV2']);
    expect(second()).toBe(true);
    other();
    expect(holds.keys()).toEqual([]);
  });
});

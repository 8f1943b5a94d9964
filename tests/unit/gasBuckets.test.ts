/** The bucket the smell page's history answer is grouped by, from the readings in the range. */
import { describe, expect, it } from 'vitest';
import { bucketSeconds } from '../../server/http/gas/gasQueries.ts';

describe('gas history buckets', () => {
  it('keeps raw readings while they fit', () => {
    expect(bucketSeconds(4_000, 4_000)).toBe(0);
  });

  it('uses short raw buckets below ten seconds', () => {
    expect(bucketSeconds(700, 100)).toBe(7);
  });

  it('rounds to whole minutes from ten seconds up', () => {
    expect(bucketSeconds(700, 10)).toBe(120);
    expect(bucketSeconds(144_000, 4_000)).toBe(60);
  });

  it('rounds to whole hours from ten minutes up, as a month of a fleet needs', () => {
    // 20 devices × 30 days × 2 h of flight a day at 1 Hz.
    expect(bucketSeconds(4_320_000, 4_000)).toBe(3_600);
    expect(bucketSeconds(4_000 * 3_601, 4_000)).toBe(7_200);
  });
});

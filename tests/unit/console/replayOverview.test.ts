/**
 * A long replay window is first read as an overview in buckets of whole minutes (which the server
 * reads from the thinned track), then in full; a short one, or one whose full read is in minutes
 * already, is read once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLAY_LIMITS } from '../../../protocol/replay.ts';
import { bucketFor } from '../../../server/replay/replayWindow.ts';
import { overviewWidth } from '../../../src/pages/replay/overviewWidth.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the replay overview', () => {
  it('asks an hour on a 1000-pixel timeline first a bucket a minute', () => {
    expect(overviewWidth(0, HOUR, 1000)).toBe(60);
    expect(bucketFor(0, HOUR, 60)).toBe(MINUTE);
    expect(overviewWidth(0, 2 * HOUR, 1600)).toBe(120);
  });

  it('reads short windows and windows already in minutes at once', () => {
    expect(overviewWidth(0, 5 * MINUTE, 1000)).toBe(0);
    expect(overviewWidth(0, 24 * HOUR, 1000)).toBe(0);
    // Ten minutes on a timeline narrower than ten pixels of minutes: nothing to gain.
    expect(overviewWidth(0, 10 * MINUTE, 10)).toBe(0);
    // An hour at 61 px: 59.0 s a pixel, which the server reads in buckets of a whole minute.
    expect(overviewWidth(0, HOUR, 61)).toBe(0);
  });

  it('always asks for whole minutes, narrower than the full read and within the API limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 * 24 * 60 * 60 }),
        fc.integer({ min: REPLAY_LIMITS.minWidth, max: REPLAY_LIMITS.maxWidth }),
        (seconds, width) => {
          const to = seconds * 1000;
          const quick = overviewWidth(0, to, width);
          if (quick === 0) return;
          expect(quick).toBeGreaterThanOrEqual(REPLAY_LIMITS.minWidth);
          expect(quick).toBeLessThan(width);
          expect(bucketFor(0, to, quick) % MINUTE).toBe(0);
          expect(bucketFor(0, to, quick)).toBeGreaterThan(0);
          expect(bucketFor(0, to, width)).toBeLessThan(MINUTE);
        },
      ),
    );
  });
});

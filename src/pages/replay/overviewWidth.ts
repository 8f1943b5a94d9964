/**
 * A long window at full detail is a long read (an hour of 200 aircraft is 720 000 stored points), so
 * the page first asks for an overview: buckets of whole minutes, which the server reads from the
 * thinned track (five kept points per aircraft and minute) in a fraction of the time. The map, the
 * lanes and the marks show at once from it; the full answer replaces it when it arrives.
 */
import { REPLAY_LIMITS, REPLAY_THINNED_BUCKET_MS } from '../../../protocol/replay.ts';

/** An overview asks for buckets of at least the thinned track's unit, s. */
const OVERVIEW_BUCKET_S = REPLAY_THINNED_BUCKET_MS / 1000;
/** A window shorter than this is read at full detail at once: an overview would save nothing, s. */
const OVERVIEW_MIN_S = 10 * 60;

/**
 * The width to ask for an overview of `[from, to)` (ms) before the full read at `width`, or 0 when
 * the window is read at once (short, or already read in buckets of minutes at `width`). Rounded
 * down, so that each bucket holds at least a minute.
 */
export function overviewWidth(from: number, to: number, width: number): number {
  const seconds = (to - from) / 1000;
  // The server rounds a bucket up to whole seconds: an hour at 61 px is read in minutes already.
  if (seconds < OVERVIEW_MIN_S || Math.ceil(seconds / width) >= OVERVIEW_BUCKET_S) return 0;
  const quick = Math.max(REPLAY_LIMITS.minWidth, Math.floor(seconds / OVERVIEW_BUCKET_S));
  return quick < width ? quick : 0;
}

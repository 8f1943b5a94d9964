/**
 * One tile, two gestures: a click enlarges it, a double click puts it full screen. The browser sends
 * a double click as two clicks and then a `dblclick`, so acting on the first click at once would
 * enlarge the tile and the second would shrink it again under the full-screen view. The click's
 * action therefore waits for {@link DOUBLE_CLICK_MS} and is dropped when a second click comes.
 * Timers come from the clock module, so unit tests step them.
 */
import { clock } from '../../lib/clock.ts';
import type { Cancel } from '../../lib/clock.ts';

/** Long enough for a deliberate double click, short enough that a single click feels direct. */
export const DOUBLE_CLICK_MS = 300;

export interface TileClicks {
  /** A `click`; `detail` is the browser's click count (2 for the second click of a double click). */
  click(detail: number): void;
  /** A `dblclick`. */
  doubleClick(): void;
  /** The tile goes away: nothing waiting may fire later. */
  dispose(): void;
}

export function tileClicks(onSingle: () => void, onDouble: () => void): TileClicks {
  let waiting: Cancel | null = null;
  const drop = (): void => {
    waiting?.();
    waiting = null;
  };
  return {
    click(detail) {
      drop();
      if (detail > 1) return;
      waiting = clock.setTimeout(() => {
        waiting = null;
        onSingle();
      }, DOUBLE_CLICK_MS);
    },
    doubleClick() {
      drop();
      onDouble();
    },
    dispose: drop,
  };
}

import { useEffect, useRef } from 'react';
import { clock } from '../../lib/clock.ts';
import type { Player, PlayerState } from './player.ts';
import type { ReplayView } from './replayView.ts';

/** The cursor goes into the address this long after it stopped moving. */
const CURSOR_TO_ADDRESS_MS = 400;

/**
 * The cursor goes into the address once it rests; a different one arriving there (a link opened in
 * this tab) moves the player.
 */
export function useCursorAddress(
  asked: number | null,
  state: PlayerState,
  player: Player,
  change: (next: Partial<ReplayView>) => void,
) {
  const written = useRef(asked);
  useEffect(() => {
    if (asked !== null && asked !== written.current) {
      written.current = asked;
      player.seek(asked);
    }
  }, [asked, player]);
  useEffect(() => {
    if (state.playing || state.t === written.current) return;
    return clock.setTimeout(() => {
      written.current = state.t;
      change({ t: state.t });
    }, CURSOR_TO_ADDRESS_MS);
  }, [state.t, state.playing, change]);
}

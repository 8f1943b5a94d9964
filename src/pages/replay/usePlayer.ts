/**
 * The page's player and the state it renders from. While playing, React hears the cursor at most
 * every `RENDER_EVERY_MS` of wall time (the map and timeline need no more), every pause, seek and
 * end at once. Hiding the page pauses it.
 */
import { useEffect, useState } from 'react';
import { clock } from '../../lib/clock.ts';
import type { Player, PlayerState, Speed } from './player.ts';
import { createPlayer } from './player.ts';

const RENDER_EVERY_MS = 50;

/** A player over `[from, to)` starting at `t` and `speed`; a new window moves it there. */
export function usePlayer(
  from: number,
  to: number,
  t: number | null,
  speed: Speed,
): [PlayerState, Player] {
  const [player] = useState(() => {
    const made = createPlayer(from, to, t ?? from);
    made.setSpeed(speed);
    return made;
  });
  const [state, setState] = useState(() => player.state());
  useEffect(() => {
    let last = 0;
    const off = player.subscribe((next) => {
      const now = clock.now();
      if (next.playing && now - last < RENDER_EVERY_MS) return;
      last = now;
      setState(next);
    });
    return () => {
      off();
      player.pause();
    };
  }, [player]);
  useEffect(() => {
    const now = player.state();
    if (now.from !== from || now.to !== to) player.setWindow(from, to, t ?? from);
    // Only a new window moves the cursor here; the cursor's own changes come from the player.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [player, from, to]);
  return [state, player];
}

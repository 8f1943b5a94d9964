/**
 * The replay's player, pure: a cursor over a time window that plays at a chosen speed, pauses,
 * steps and seeks, and stops at the end of the window. Time comes from the console's clock
 * (`src/lib/clock.ts`), so tests drive it under virtual time. The cursor is computed from the clock
 * whenever it is read (an anchor and the speed), never accumulated frame by frame, so it is exact
 * whatever the frame rate; frames only tell the listeners that it moved.
 */
import type { Cancel, Clock } from '../../lib/clock.ts';
import { clock as consoleClock } from '../../lib/clock.ts';
import type { Speed } from '../../lib/replayView.ts';

// The speeds belong to the replay's address (src/lib/replayView.ts); the player offers the same.
export { SPEEDS } from '../../lib/replayView.ts';
export type { Speed } from '../../lib/replayView.ts';

/** What the player is doing. */
export interface PlayerState {
  /** Window bounds and the cursor, epoch ms. */
  from: number;
  to: number;
  t: number;
  playing: boolean;
  speed: Speed;
}

export interface Player {
  /** The state now (the cursor as of the clock's time). */
  state(): PlayerState;
  play(): void;
  pause(): void;
  toggle(): void;
  setSpeed(speed: Speed): void;
  /** Moves the cursor to `t`, kept within the window; playing goes on from there. */
  seek(t: number): void;
  /** Pauses and moves the cursor by `direction × stepMs`. */
  step(direction: 1 | -1, stepMs: number): void;
  /** A new window; the cursor moves to `t` (within it) or stays where it is if that fits. */
  setWindow(from: number, to: number, t?: number): void;
  /** Calls `listener` on every change and, while playing, every frame; returns the unsubscribe. */
  subscribe(listener: (state: PlayerState) => void): () => void;
  /** Stops the frames; the player does nothing more. */
  dispose(): void;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** A player over `[from, to]`, paused at `t` (default `from`), at 1×. */
export function createPlayer(
  from: number,
  to: number,
  t = from,
  clock: Clock = consoleClock,
): Player {
  let window = { from, to };
  let speed: Speed = 1;
  let playing = false;
  /** The cursor at `anchorAt` (clock time); while playing it runs on from there at `speed`. */
  let anchorT = clamp(t, from, to);
  let anchorAt = clock.now();
  let frame: Cancel | null = null;
  const listeners = new Set<(state: PlayerState) => void>();

  const cursor = (): number =>
    playing ? clamp(anchorT + (clock.now() - anchorAt) * speed, window.from, window.to) : anchorT;

  const state = (): PlayerState => ({ ...window, t: cursor(), playing, speed });

  const notify = (): void => {
    const now = state();
    for (const listener of [...listeners]) listener(now);
  };

  /** Fixes the cursor where it is now, so a change of speed or window starts from there. */
  const reanchor = (t: number): void => {
    anchorT = clamp(t, window.from, window.to);
    anchorAt = clock.now();
  };

  const stopFrames = (): void => {
    frame?.();
    frame = null;
  };

  const onFrame = (): void => {
    frame = null;
    if (!playing) return;
    if (cursor() >= window.to) {
      // The end of the window: the cursor stays on its last instant, paused.
      reanchor(window.to);
      playing = false;
      notify();
      return;
    }
    notify();
    frame = clock.requestFrame(onFrame);
  };

  const player: Player = {
    state,
    play() {
      if (playing) return;
      // Play at the end starts over: there is nothing after the window to play.
      reanchor(anchorT >= window.to ? window.from : anchorT);
      playing = true;
      frame = clock.requestFrame(onFrame);
      notify();
    },
    pause() {
      if (!playing) return;
      reanchor(cursor());
      playing = false;
      stopFrames();
      notify();
    },
    toggle() {
      if (playing) player.pause();
      else player.play();
    },
    setSpeed(next) {
      reanchor(cursor());
      speed = next;
      notify();
    },
    seek(t) {
      reanchor(t);
      notify();
    },
    step(direction, stepMs) {
      const at = cursor();
      playing = false;
      stopFrames();
      reanchor(at + direction * stepMs);
      notify();
    },
    setWindow(nextFrom, nextTo, t) {
      const at = cursor();
      window = { from: nextFrom, to: nextTo };
      reanchor(t ?? at);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      playing = false;
      stopFrames();
      listeners.clear();
    },
  };
  return player;
}

/**
 * A step that suits the window: about a five-hundredth of it, rounded to a whole number of seconds
 * (at least one), so ← and → move visibly whatever the window's length.
 */
export function stepFor(from: number, to: number): number {
  const raw = (to - from) / 500;
  const nice = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600].map((s) => s * 1000);
  return nice.find((s) => s >= raw) ?? 3_600_000;
}

/**
 * The one clock of the main-thread telemetry path. Code there asks this module for the time and for
 * timers instead of calling the browser, so that unit tests can swap in a {@link VirtualClock} and
 * step time by hand (the tldraw habit: no raw timers in engine code). The virtual clock lives in
 * `virtualClock.ts` so that production code never imports it.
 *
 * Every timer returns a {@link Cancel} function rather than a handle: one shape for Node, the
 * browser and virtual time, and nothing to mix up between `clearTimeout` and `clearInterval`.
 */

/** Stops a pending timer or frame; calling it again does nothing. */
export type Cancel = () => void;

/** Time and timers, as the telemetry path needs them. */
export interface Clock {
  /** Milliseconds since the epoch (virtual time in tests). */
  now(): number;
  setTimeout(callback: () => void, ms: number): Cancel;
  setInterval(callback: () => void, ms: number): Cancel;
  /** Runs `callback` before the next paint (an animation frame). */
  requestFrame(callback: () => void): Cancel;
}

/** One frame at 60 fps, used where the host has no animation frames (Node, a worker). */
export const FRAME_MS = 16;

/** The real clock: `Date.now`, the host's timers and `requestAnimationFrame` where there is one. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const id = globalThis.setTimeout(callback, ms);
    return () => globalThis.clearTimeout(id);
  },
  setInterval(callback, ms) {
    const id = globalThis.setInterval(callback, ms);
    return () => globalThis.clearInterval(id);
  },
  requestFrame(callback) {
    if (typeof globalThis.requestAnimationFrame !== 'function') {
      return realClock.setTimeout(callback, FRAME_MS);
    }
    const id = globalThis.requestAnimationFrame(() => callback());
    return () => globalThis.cancelAnimationFrame(id);
  },
};

let current: Clock = realClock;

/**
 * The clock in use. Callers go through this object on every call (never keep `current` aside), so a
 * test that installs a virtual clock reaches code that was imported before it.
 */
export const clock: Clock = {
  now: () => current.now(),
  setTimeout: (callback, ms) => current.setTimeout(callback, ms),
  setInterval: (callback, ms) => current.setInterval(callback, ms),
  requestFrame: (callback) => current.requestFrame(callback),
};

/** Makes `next` the clock in use; the returned function puts the previous one back. */
export function installClock(next: Clock): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

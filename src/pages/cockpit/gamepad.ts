/**
 * The pilot's gamepad (Gamepad API): which one is connected, and its axes while this window is the
 * one the pilot looks at. A browser keeps reporting a gamepad's axes to a tab in the background or
 * behind another window, so a pad left on the desk or used for something else would fly the
 * aircraft unseen: while the window is hidden or unfocused the cockpit reads no axes, and the stick
 * loop brings the sticks back to centre.
 */
import { useSyncExternalStore } from 'react';

/** What the cockpit reads of the browser; tests hand in their own. */
export interface GamepadEnv {
  pads(): readonly (Gamepad | null)[];
  /** The window is shown and has the focus. */
  attended(): boolean;
}

export const browserGamepads: GamepadEnv = {
  pads: () => (typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : []),
  attended: () => document.visibilityState === 'visible' && document.hasFocus(),
};

/** A pad the cockpit can fly with: connected, with two sticks (four axes). */
const usable = (pads: readonly (Gamepad | null)[]): Gamepad | undefined =>
  pads.find((pad): pad is Gamepad => pad?.connected === true && pad.axes.length >= 4);

/** The first usable gamepad's axes, or `null` without one or while the window is not attended. */
export function firstGamepadAxes(env: GamepadEnv = browserGamepads): readonly number[] | null {
  if (!env.attended()) return null;
  return usable(env.pads())?.axes ?? null;
}

const subscribe = (onChange: () => void): (() => void) => {
  window.addEventListener('gamepadconnected', onChange);
  window.addEventListener('gamepaddisconnected', onChange);
  return () => {
    window.removeEventListener('gamepadconnected', onChange);
    window.removeEventListener('gamepaddisconnected', onChange);
  };
};

/** The name the connected gamepad gives itself, or `null` while none is connected. */
export function useGamepadName(env: GamepadEnv = browserGamepads): string | null {
  return useSyncExternalStore(subscribe, () => usable(env.pads())?.id ?? null);
}

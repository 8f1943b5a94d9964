/** Reads the first connected gamepad's axes (Gamepad API), or `null` when none is connected. */
export function firstGamepadAxes(): readonly number[] | null {
  if (typeof navigator.getGamepads !== 'function') return null;
  for (const pad of navigator.getGamepads()) {
    if (pad?.connected === true && pad.axes.length >= 4) return pad.axes;
  }
  return null;
}

/**
 * Pure mapping from pilot input (keys held, gamepad axes) to the four stick channels of
 * `stick_control` (protocol §5.2: 364–1684 around 1024). Deflections are kept as −1…1 per axis so
 * ramping, dead zones and authority limits stay independent of the wire range.
 */
import { STICK_MAX, STICK_MIN, STICK_NEUTRAL } from '../../../protocol/mqtt/drc.ts';
import type { StickControlData } from '../../../protocol/mqtt/drc.ts';

export type StickAxis = 'pitch' | 'roll' | 'throttle' | 'yaw';
/** One value per axis, −1 (full low) … 1 (full high), 0 centred. */
export type Deflection = Readonly<Record<StickAxis, number>>;

export const CENTRED: Deflection = { pitch: 0, roll: 0, throttle: 0, yaw: 0 };
export const STICK_AXES: readonly StickAxis[] = ['pitch', 'roll', 'throttle', 'yaw'];

/** Channel travel from neutral to either end (1024 ± 660). */
const HALF_TRAVEL = STICK_NEUTRAL - STICK_MIN;
/** Full deflection from centre takes this long when a key is held: gentle enough to steer by taps. */
export const RAMP_UP_MS = 400;
/** Back to centre is faster than out, so letting go stops the aircraft promptly. */
export const RAMP_DOWN_MS = 150;
/** Gamepad sticks rest a little off centre; below this share of travel they count as centred. */
export const GAMEPAD_DEAD_ZONE = 0.12;

/**
 * Keyboard bindings by `KeyboardEvent.code` (layout independent): W/S pitch, A/D roll, ↑/↓ throttle,
 * ←/→ and Q/E yaw.
 */
export const KEY_BINDINGS: Readonly<Record<string, { axis: StickAxis; sign: 1 | -1 }>> = {
  KeyW: { axis: 'pitch', sign: 1 },
  KeyS: { axis: 'pitch', sign: -1 },
  KeyA: { axis: 'roll', sign: -1 },
  KeyD: { axis: 'roll', sign: 1 },
  ArrowUp: { axis: 'throttle', sign: 1 },
  ArrowDown: { axis: 'throttle', sign: -1 },
  ArrowLeft: { axis: 'yaw', sign: -1 },
  ArrowRight: { axis: 'yaw', sign: 1 },
  KeyQ: { axis: 'yaw', sign: -1 },
  KeyE: { axis: 'yaw', sign: 1 },
};

/** Whether a key code steers a stick. */
export const isStickKey = (code: string): boolean => code in KEY_BINDINGS;

/** The full-deflection target of the keys held; opposite keys cancel out. */
export function targetFromKeys(held: Iterable<string>): Deflection {
  const out: Record<StickAxis, number> = { ...CENTRED };
  for (const code of held) {
    const binding = KEY_BINDINGS[code];
    if (binding !== undefined) out[binding.axis] += binding.sign;
  }
  for (const axis of STICK_AXES) out[axis] = clampUnit(out[axis]);
  return out;
}

/**
 * Moves `current` toward `target` by what `dtMs` allows: outward at 1/{@link RAMP_UP_MS} per ms,
 * toward centre (or across it) at 1/{@link RAMP_DOWN_MS}.
 */
export function rampToward(current: Deflection, target: Deflection, dtMs: number): Deflection {
  const out: Record<StickAxis, number> = { ...CENTRED };
  for (const axis of STICK_AXES) out[axis] = rampAxis(current[axis], target[axis], dtMs);
  return out;
}

function rampAxis(from: number, to: number, dtMs: number): number {
  if (from === to) return to;
  const outward = Math.abs(to) > Math.abs(from) && Math.sign(to) * Math.sign(from) >= 0;
  const step = dtMs / (outward ? RAMP_UP_MS : RAMP_DOWN_MS);
  return from < to ? Math.min(to, from + step) : Math.max(to, from - step);
}

/** Zero inside the dead zone, then rescaled so the usable travel still reaches ±1. */
export function applyDeadZone(value: number, deadZone = GAMEPAD_DEAD_ZONE): number {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude <= deadZone) return 0;
  return clampUnit((Math.sign(value) * (magnitude - deadZone)) / (1 - deadZone));
}

/**
 * Deflection from a standard-mapping gamepad in "mode 2": left stick yaw (x) and throttle (y), right
 * stick roll (x) and pitch (y). Gamepad y axes grow downward, so they are inverted.
 */
export function gamepadDeflection(
  axes: readonly number[],
  deadZone = GAMEPAD_DEAD_ZONE,
): Deflection {
  const read = (index: number): number => applyDeadZone(axes[index] ?? 0, deadZone);
  // `0 - x` rather than `-x`: a centred axis must be 0, not −0.
  return { yaw: read(0), throttle: 0 - read(1), roll: read(2), pitch: 0 - read(3) };
}

/** Whether every axis is centred. */
export const isCentred = (d: Deflection): boolean => STICK_AXES.every((axis) => d[axis] === 0);

/** The wire values of a deflection, scaled by `authority` (0…1, the latency guard's limit). */
export function toStickData(d: Deflection, authority = 1): StickControlData {
  const channel = (v: number): number =>
    Math.min(
      STICK_MAX,
      Math.max(STICK_MIN, Math.round(STICK_NEUTRAL + clampUnit(v) * authority * HALF_TRAVEL)),
    );
  return {
    roll: channel(d.roll),
    pitch: channel(d.pitch),
    throttle: channel(d.throttle),
    yaw: channel(d.yaw),
  };
}

function clampUnit(v: number): number {
  return Math.max(-1, Math.min(1, v));
}

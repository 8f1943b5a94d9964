/**
 * The stick model of a simulated aircraft under DRC: full deflection (1024 ± 660) asks for 15 m/s
 * horizontally, 5 m/s up or 4 m/s down and 100 °/s of yaw; the aircraft gets there within its
 * acceleration limits, so a short tap moves it a little and a held stick builds speed. Without sticks
 * for a moment it brakes and hovers, as a real aircraft does when the link drops.
 */
import { delta, headingDiff, headingOf, offset } from '../../physics/geodesy.ts';
import type { UnitState } from '../unitState.ts';
import type { ManualControl } from './manualControl.ts';

const STICK_RANGE = 660;
const NEUTRAL = 1024;
const MAX_HORIZONTAL_MPS = 15;
const MAX_UP_MPS = 5;
const MAX_DOWN_MPS = 4;
const MAX_YAW_DPS = 100;
/** Acceleration limits: m/s², m/s², °/s². */
const HORIZONTAL_ACCEL = 5;
const VERTICAL_ACCEL = 4;
const YAW_ACCEL = 300;
/** Sticks older than this count as centred, s (the console sends them at 10 Hz). */
const STICK_HOLD_S = 0.5;
/** Never lower than this above the dock's ground, m: the model has no landing by stick. */
const FLOOR_M = 2;
/** A fly-to point counts as reached within this, m. */
const ARRIVED_M = 2;
/** Nose-down degrees per m/s of forward speed, and bank per m/s sideways. */
const TILT_PER_MPS = 1.6;

const channel = (value: number): number =>
  Math.max(-1, Math.min(1, (value - NEUTRAL) / STICK_RANGE));

const approach = (current: number, wanted: number, maxStep: number): number =>
  current + Math.max(-maxStep, Math.min(maxStep, wanted - current));

interface Wanted {
  east: number;
  north: number;
  up: number;
  yaw: number;
}

function fromSticks(s: UnitState, m: ManualControl): Wanted {
  const live = m.sticksAge <= STICK_HOLD_S;
  const st = m.sticks;
  const forward = live ? channel(st.pitch) * MAX_HORIZONTAL_MPS : 0;
  const right = live ? channel(st.roll) * MAX_HORIZONTAL_MPS : 0;
  const throttle = live ? channel(st.throttle) : 0;
  const rad = (s.heading * Math.PI) / 180;
  return {
    east: forward * Math.sin(rad) + right * Math.cos(rad),
    north: forward * Math.cos(rad) - right * Math.sin(rad),
    up: throttle * (throttle > 0 ? MAX_UP_MPS : MAX_DOWN_MPS),
    yaw: live ? channel(st.yaw) * MAX_YAW_DPS : 0,
  };
}

/** Toward the target: nose first, slowing down over the last metres; true when there. */
function towardTarget(s: UnitState, m: ManualControl): { wanted: Wanted; arrived: boolean } {
  const t = m.target;
  if (!t) return { wanted: { east: 0, north: 0, up: 0, yaw: 0 }, arrived: true };
  const d = delta(s.pos, t.pos);
  const dist = Math.hypot(d.east, d.north);
  const dh = t.height - s.elevation;
  const speed = Math.min(t.speed, MAX_HORIZONTAL_MPS, dist * 0.6);
  const turn = dist > ARRIVED_M ? headingDiff(s.heading, headingOf(d.east, d.north)) : 0;
  const wanted = {
    east: dist > 0 ? (d.east / dist) * speed : 0,
    north: dist > 0 ? (d.north / dist) * speed : 0,
    up: Math.max(-MAX_DOWN_MPS, Math.min(MAX_UP_MPS, dh * 0.8)),
    yaw: Math.max(-MAX_YAW_DPS, Math.min(MAX_YAW_DPS, turn * 2)),
  };
  return { wanted, arrived: dist < ARRIVED_M && Math.abs(dh) < 1 };
}

/** Advances a manually controlled aircraft by `dt` s; returns the target it reached, if any. */
export function stepManual(s: UnitState, m: ManualControl, dt: number): ManualControl['target'] {
  m.sticksAge += dt;
  const reached = m.target ? towardTarget(s, m) : null;
  const wanted = reached ? reached.wanted : fromSticks(s, m);
  // The horizontal limit applies to the acceleration vector, so turning hard is no faster.
  const dvEast = wanted.east - m.vEast;
  const dvNorth = wanted.north - m.vNorth;
  const scale = Math.min(1, (HORIZONTAL_ACCEL * dt) / (Math.hypot(dvEast, dvNorth) || 1));
  m.vEast += dvEast * scale;
  m.vNorth += dvNorth * scale;
  m.vUp = approach(m.vUp, wanted.up, VERTICAL_ACCEL * dt);
  m.yawRate = approach(m.yawRate, wanted.yaw, YAW_ACCEL * dt);
  s.pos = offset(s.pos, m.vEast * dt, m.vNorth * dt);
  s.elevation = Math.max(FLOOR_M, s.elevation + m.vUp * dt);
  if (s.elevation === FLOOR_M && m.vUp < 0) m.vUp = 0;
  s.heading = ((s.heading + m.yawRate * dt + 540) % 360) - 180;
  s.horizontalSpeed = Math.hypot(m.vEast, m.vNorth);
  s.verticalSpeed = m.vUp;
  const rad = (s.heading * Math.PI) / 180;
  const forward = m.vEast * Math.sin(rad) + m.vNorth * Math.cos(rad);
  const right = m.vEast * Math.cos(rad) - m.vNorth * Math.sin(rad);
  s.pitch = -Math.max(-25, Math.min(25, forward * TILT_PER_MPS));
  s.roll = Math.max(-25, Math.min(25, right * TILT_PER_MPS));
  if (!reached?.arrived) return null;
  const target = m.target;
  m.target = null;
  return target;
}

/** Stops at once (e-stop): no target, centred sticks, velocity gone. */
export function brake(m: ManualControl): void {
  m.target = null;
  m.sticksAge = Infinity;
  m.vEast = 0;
  m.vNorth = 0;
  m.vUp = 0;
  m.yawRate = 0;
}

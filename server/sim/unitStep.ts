/**
 * Advances one unit by `dt` seconds: the mission state machine, flight physics, battery, dock cover,
 * weather and alarms. Pure apart from the unit's own seeded generator, so a seed replays exactly.
 */
import type { SimUnitDef } from './fleet.ts';
import { delta, headingDiff, headingOf, offset } from './geo.ts';
import type { LatLng } from './geo.ts';
import type { Rng } from './rng.ts';
import { stepAlarms } from './alarms.ts';
import type { Phase, UnitState } from './unitState.ts';

/** Battery use in flight, %/s: about eight minutes from full to the return threshold. */
const DRAIN_PER_S = 0.12;
/** Charging in the dock, %/s: compressed from real life so the demo fleet keeps cycling. */
const CHARGE_PER_S = 0.4;
const RETURN_AT_PERCENT = 30;
const TAKEOFF_AT_PERCENT = 90;
const LAPS_PER_MISSION = 2;
const COVER_SECONDS = 8;
const CLIMB_MPS = 4;
const DESCENT_MPS = 3;
const TURN_RATE_DPS = 30;
const ARRIVED_M = 12;
const G = 9.81;
/** mode_code_reason 1: low battery return (protocol §2.1.2). */
const REASON_LOW_BATTERY = 1;

function enter(s: UnitState, phase: Phase, reason = 0): void {
  s.phase = phase;
  s.phaseTime = 0;
  if (reason !== s.modeCodeReason) s.stateChanged = true;
  s.modeCodeReason = reason;
}

/** Turns toward `target` at a limited rate and moves forward; true when arrived. */
function flyToward(s: UnitState, target: LatLng, speed: number, dt: number): boolean {
  const d = delta(s.pos, target);
  const dist = Math.hypot(d.east, d.north);
  const turn = Math.max(
    -TURN_RATE_DPS * dt,
    Math.min(TURN_RATE_DPS * dt, headingDiff(s.heading, headingOf(d.east, d.north))),
  );
  s.heading = ((s.heading + turn + 540) % 360) - 180;
  s.horizontalSpeed += Math.max(
    -3 * dt,
    Math.min(3 * dt, Math.min(speed, dist) - s.horizontalSpeed),
  );
  const step = Math.min(s.horizontalSpeed * dt, dist);
  const rad = (s.heading * Math.PI) / 180;
  s.pos = offset(s.pos, step * Math.sin(rad), step * Math.cos(rad));
  // Bank angle of a coordinated turn, nose-down pitch proportional to forward speed.
  const yawRate = dt > 0 ? (turn / dt) * (Math.PI / 180) : 0;
  s.roll = (Math.atan((s.horizontalSpeed * yawRate) / G) * 180) / Math.PI;
  s.pitch = -Math.min(25, s.horizontalSpeed * 1.4);
  return dist - step < ARRIVED_M;
}

function hover(s: UnitState): void {
  s.horizontalSpeed = 0;
  s.pitch = 0;
  s.roll = 0;
}

function stepGround(def: SimUnitDef, s: UnitState, dt: number): void {
  if (s.phase === 'docked') {
    s.battery = Math.min(100, s.battery + CHARGE_PER_S * dt);
    if (s.phaseTime >= s.restFor && s.battery >= TAKEOFF_AT_PERCENT) enter(s, 'preparing');
  } else if (s.phase === 'preparing') {
    s.cover = s.phaseTime >= COVER_SECONDS ? 1 : 2;
    if (s.phaseTime >= COVER_SECONDS + 2) enter(s, 'takeoff');
  } else {
    s.cover = s.phaseTime >= COVER_SECONDS ? 0 : 2;
    s.battery = Math.min(100, s.battery + CHARGE_PER_S * dt);
    if (s.phaseTime >= COVER_SECONDS) enter(s, 'docked');
  }
  s.pos = { ...def.home };
  s.verticalSpeed = 0;
  hover(s);
}

function stepAir(def: SimUnitDef, s: UnitState, dt: number): void {
  s.battery = Math.max(0, s.battery - DRAIN_PER_S * dt * (0.7 + s.horizontalSpeed / 30));
  if (s.phase === 'takeoff') {
    hover(s);
    s.verticalSpeed = CLIMB_MPS;
    s.elevation = Math.min(s.cruiseAltitude, s.elevation + CLIMB_MPS * dt);
    if (s.elevation >= s.cruiseAltitude) enter(s, 'patrol');
  } else if (s.phase === 'patrol') {
    s.verticalSpeed = 0;
    const target = s.waypoints[s.waypoint] ?? def.home;
    if (flyToward(s, target, s.cruiseSpeed, dt)) {
      s.waypoint = (s.waypoint + 1) % s.waypoints.length;
      if (s.waypoint === 0) s.laps++;
    }
    if (s.battery < RETURN_AT_PERCENT) enter(s, 'returning', REASON_LOW_BATTERY);
    else if (s.laps >= LAPS_PER_MISSION) enter(s, 'returning');
  } else if (s.phase === 'returning') {
    if (flyToward(s, def.home, s.cruiseSpeed + 2, dt)) enter(s, 'landing');
  } else {
    hover(s);
    s.pos = { ...def.home };
    s.verticalSpeed = -DESCENT_MPS;
    s.elevation = Math.max(0, s.elevation - DESCENT_MPS * dt);
    if (s.elevation <= 0) enter(s, 'closing');
  }
}

function stepWeather(s: UnitState, dt: number, rng: Rng): void {
  const w = s.weather;
  w.wind = Math.max(0, Math.min(14, w.wind + rng.range(-0.3, 0.3) * dt));
  w.temperature += rng.range(-0.02, 0.02) * dt;
  w.humidity = Math.max(30, Math.min(99, w.humidity + rng.range(-0.1, 0.1) * dt));
  if (rng.chance(dt / 900)) w.rainfall = w.rainfall === 0 ? rng.int(1, 2) : 0;
  if (rng.chance(dt / 120)) s.network.quality = rng.int(3, 5);
  s.network.rate = Math.max(100, s.network.rate + rng.range(-50, 50) * dt);
}

/** Advances the unit by `dt` seconds. */
export function stepUnit(def: SimUnitDef, s: UnitState, dt: number, rng: Rng): void {
  s.phaseTime += dt;
  const before = s.phase;
  if (s.phase === 'docked' || s.phase === 'preparing' || s.phase === 'closing')
    stepGround(def, s, dt);
  else stepAir(def, s, dt);
  if (s.phase === 'docked' && before !== 'docked') {
    s.laps = 0;
    s.restFor = rng.range(20, 120);
  }
  if (s.phase === 'takeoff' && before !== 'takeoff') s.waypoint = 0;
  stepWeather(s, dt, rng);
  stepAlarms(def, s, dt, rng);
}

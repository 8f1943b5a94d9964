/**
 * Advances one unit by `dt` seconds: the mission state machine, flight physics in the wind, battery,
 * dock cover, the dock's systems, weather and alarms. Pure apart from the unit's own seeded
 * generator, so a seed replays exactly.
 */
import type { SimUnitDef } from './fleet.ts';
import { delta, headingDiff, headingOf, offset } from '../physics/geodesy.ts';
import type { LatLng } from '../physics/geodesy.ts';
import type { Rng } from './rng.ts';
import { stepAlarms } from './alarms.ts';
import { missionEnded, stepDockSystems } from './dockSystems.ts';
import type { Phase, UnitState } from './unitState.ts';
import type { WaylineFlight } from './waylineFlight.ts';
import { stepWeather, windNow, windVector } from './weather.ts';

/** Battery use in cruise, %/s: 2.5 %/min, about 40 min from full to empty. */
const DRAIN_PER_S = 2.5 / 60;
/** Charging in the dock, %/s: about 2.2 %/min, 20 → 90 % in half an hour as a Dock 2 does. */
const CHARGE_PER_S = 2.2 / 60;
const RETURN_AT_PERCENT = 30;
const TAKEOFF_AT_PERCENT = 90;
/** Docks keep their aircraft inside above this wind (m/s) or from moderate rain on. */
const NO_TAKEOFF_WIND_MPS = 12;
const NO_TAKEOFF_RAINFALL = 2;
const LAPS_PER_MISSION = 2;
const COVER_SECONDS = 8;
const CLIMB_MPS = 4;
const DESCENT_MPS = 3;
const TURN_RATE_DPS = 30;
const ARRIVED_M = 12;
const G = 9.81;
/** Share of the crosswind the flight controller lets through as drift before correcting it. */
const DRIFT_SHARE = 0.08;
/** Share of the headwind (or tailwind) the ground speed loses (gains): speed is held, not exactly. */
const HEADWIND_SHARE = 0.25;
/** Degrees of tilt into the wind per m/s of wind. */
const TILT_PER_MPS = 1.2;
/** mode_code_reason 1: low battery return (protocol §2.1.2). */
const REASON_LOW_BATTERY = 1;

/** Moves the unit to `phase` (also used by the DRC controller for return home and its cancel). */
export function enterPhase(s: UnitState, phase: Phase, reason = 0): void {
  enter(s, phase, reason);
}

function enter(s: UnitState, phase: Phase, reason = 0): void {
  s.phase = phase;
  s.phaseTime = 0;
  if (reason !== s.modeCodeReason) s.stateChanged = true;
  s.modeCodeReason = reason;
}

/** Wind along and across the current track, m/s (positive: tailwind, from the left). */
function windOnTrack(s: UnitState): { along: number; across: number } {
  const wind = windVector(s.weather);
  const rad = (s.heading * Math.PI) / 180;
  return {
    along: wind.east * Math.sin(rad) + wind.north * Math.cos(rad),
    across: wind.east * Math.cos(rad) - wind.north * Math.sin(rad),
  };
}

/** Attitude from speed, turn and wind: nose down to fly and into the wind, banked in turns. */
function attitude(s: UnitState, turnDps: number): void {
  const wind = windOnTrack(s);
  const yawRate = turnDps * (Math.PI / 180);
  const bank = (Math.atan((s.horizontalSpeed * yawRate) / G) * 180) / Math.PI;
  s.roll = bank - wind.across * TILT_PER_MPS;
  s.pitch = -Math.min(25, s.horizontalSpeed * 1.4) + wind.along * TILT_PER_MPS;
}

/** Turns toward `target` at a limited rate and moves forward in the wind; true when arrived. */
function flyToward(s: UnitState, target: LatLng, speed: number, dt: number): boolean {
  const d = delta(s.pos, target);
  const dist = Math.hypot(d.east, d.north);
  const turn = Math.max(
    -TURN_RATE_DPS * dt,
    Math.min(TURN_RATE_DPS * dt, headingDiff(s.heading, headingOf(d.east, d.north))),
  );
  s.heading = ((s.heading + turn + 540) % 360) - 180;
  const wind = windOnTrack(s);
  const wanted = Math.min(speed + s.speedJitter + wind.along * HEADWIND_SHARE, dist);
  s.horizontalSpeed += Math.max(-3 * dt, Math.min(3 * dt, Math.max(0, wanted) - s.horizontalSpeed));
  const step = Math.min(s.horizontalSpeed * dt, dist);
  const rad = (s.heading * Math.PI) / 180;
  const drift = wind.across * DRIFT_SHARE * dt;
  s.pos = offset(
    s.pos,
    step * Math.sin(rad) + drift * Math.cos(rad),
    step * Math.cos(rad) - drift * Math.sin(rad),
  );
  attitude(s, dt > 0 ? turn / dt : 0);
  return dist - step < ARRIVED_M;
}

/** Holds cruise height, give or take a gust: the jitter wanders and the height follows it. */
function holdHeight(s: UnitState, dt: number, rng: Rng): void {
  const gust = windNow(s.weather) / 10;
  s.altitudeJitter = Math.max(
    -1.5,
    Math.min(1.5, s.altitudeJitter + rng.range(-0.4, 0.4) * gust * dt),
  );
  s.speedJitter = Math.max(-0.6, Math.min(0.6, s.speedJitter + rng.range(-0.15, 0.15) * dt));
  const target = s.cruiseAltitude + s.altitudeJitter;
  const next = s.elevation + Math.max(-1, Math.min(1, target - s.elevation)) * Math.min(1, dt);
  s.verticalSpeed = dt > 0 ? (next - s.elevation) / dt : 0;
  s.elevation = next;
}

function hover(s: UnitState): void {
  s.horizontalSpeed = 0;
  attitude(s, 0);
}

function readyToLaunch(s: UnitState): boolean {
  return (
    s.patrols &&
    s.phaseTime >= s.restFor &&
    s.battery >= TAKEOFF_AT_PERCENT &&
    s.weather.wind < NO_TAKEOFF_WIND_MPS &&
    s.weather.rainfall < NO_TAKEOFF_RAINFALL
  );
}

function stepGround(def: SimUnitDef, s: UnitState, dt: number): void {
  if (s.phase === 'docked') {
    s.battery = Math.min(100, s.battery + CHARGE_PER_S * dt);
    // A dock holding a task flies only that task, and as soon as its file is read.
    if (s.flight) {
      if (s.flight.status === 'ready') {
        s.flight.status = 'in_progress';
        s.flight.step = 7;
        enter(s, 'preparing');
      }
    } else if (s.manual) {
      // Under DRC the dock launches on `takeoff_to_point` only.
      if (s.manual.launch) {
        s.manual.takeoffHeight = s.manual.launch.height;
        s.manual.launch = null;
        enter(s, 'preparing');
      }
    } else if (s.heldTasks.length === 0 && readyToLaunch(s)) {
      // A dock holding tasks keeps its aircraft in, charging, for when they are executed.
      enter(s, 'preparing');
    }
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
  s.horizontalSpeed = 0;
  s.pitch = 0;
  s.roll = 0;
}

/** Battery use: more when fast, more against a strong wind, less when hovering. */
function drain(s: UnitState, dt: number): void {
  const factor = 0.85 + s.horizontalSpeed / 70 + windNow(s.weather) / 60;
  s.battery = Math.max(0, s.battery - DRAIN_PER_S * factor * dt);
}

/**
 * One step of a wayline flight: to each placemark at its height and speed (the first one at the
 * transitional speed), then the finish action. Paused: hover where it is.
 */
function stepWayline(s: UnitState, f: WaylineFlight, dt: number): void {
  f.step = 24;
  if (f.status === 'paused') {
    hover(s);
    s.verticalSpeed = 0;
    return;
  }
  const target = f.points[f.index];
  if (f.goHome || !target || s.battery < RETURN_AT_PERCENT) {
    // Every finish action ends on the dock here: the simulated dock has no other landing site.
    enter(s, 'returning', s.battery < RETURN_AT_PERCENT ? REASON_LOW_BATTERY : 0);
    return;
  }
  const climb = Math.max(-CLIMB_MPS * dt, Math.min(CLIMB_MPS * dt, target.height - s.elevation));
  s.elevation += climb;
  s.verticalSpeed = dt > 0 ? climb / dt : 0;
  const speed = f.index === 0 ? f.transitionalSpeed : target.speed;
  if (flyToward(s, target.pos, speed, dt) && Math.abs(target.height - s.elevation) < 1) f.index++;
}

function stepAir(def: SimUnitDef, s: UnitState, dt: number, rng: Rng): void {
  const charged = s.battery >= RETURN_AT_PERCENT;
  drain(s, dt);
  // Under a pilot the low-battery return starts once, as the charge falls past the mark: a pilot who
  // stopped it (an e-stop, a cancelled return) keeps the aircraft until they command it again.
  const fellLow = charged && s.battery < RETURN_AT_PERCENT;
  const climbTo = s.manual?.takeoffHeight ?? (s.flight ? s.flight.takeoffHeight : s.cruiseAltitude);
  if (s.phase === 'takeoff') {
    hover(s);
    s.verticalSpeed = CLIMB_MPS;
    s.elevation = Math.min(climbTo, s.elevation + CLIMB_MPS * dt);
    if (s.elevation >= climbTo) {
      enter(s, 'patrol');
      if (s.manual) s.manual.takeoffHeight = null;
    }
  } else if (s.manual && s.phase === 'patrol' && s.flight?.status !== 'in_progress') {
    // The pilot flies it: the DRC clock steps the stick model at 10 Hz (server/sim/drc).
    if (fellLow) enter(s, 'returning', REASON_LOW_BATTERY);
  } else if (s.flight && s.phase === 'patrol') {
    stepWayline(s, s.flight, dt);
  } else if (s.phase === 'patrol') {
    holdHeight(s, dt, rng);
    const target = s.waypoints[s.waypoint] ?? def.home;
    if (flyToward(s, target, s.cruiseSpeed, dt)) {
      s.waypoint = (s.waypoint + 1) % s.waypoints.length;
      if (s.waypoint === 0) s.laps++;
    }
    if (s.battery < RETURN_AT_PERCENT) enter(s, 'returning', REASON_LOW_BATTERY);
    else if (s.laps >= LAPS_PER_MISSION) enter(s, 'returning');
  } else if (s.phase === 'returning') {
    if (s.flight) s.flight.step = 26;
    holdHeight(s, dt, rng);
    const speed = s.flight ? s.flight.transitionalSpeed : s.cruiseSpeed + 2;
    if (flyToward(s, def.home, speed, dt)) enter(s, 'landing');
  } else {
    hover(s);
    s.pos = { ...def.home };
    s.verticalSpeed = -DESCENT_MPS;
    s.elevation = Math.max(0, s.elevation - DESCENT_MPS * dt);
    if (s.elevation <= 0) enter(s, 'closing');
  }
}

/** Advances the unit by `dt` seconds. */
export function stepUnit(def: SimUnitDef, s: UnitState, dt: number, rng: Rng): void {
  s.phaseTime += dt;
  const before = s.phase;
  if (s.phase === 'docked' || s.phase === 'preparing' || s.phase === 'closing')
    stepGround(def, s, dt);
  else stepAir(def, s, dt, rng);
  if (s.phase === 'docked' && before !== 'docked') {
    s.laps = 0;
    s.restFor = rng.range(20, 120);
    if (s.flight?.status === 'in_progress') {
      s.flight.status = 'ok';
      s.flight.step = 35;
    }
  }
  if (s.phase === 'closing' && before !== 'closing') missionEnded(s.dock, rng);
  if (s.phase === 'takeoff' && before !== 'takeoff') s.waypoint = 0;
  stepWeather(s.weather, dt, rng);
  stepDockSystems(s.dock, s.weather, dt, rng);
  stepAlarms(def, s, dt, rng);
}

/**
 * The cockpit services of a simulated dock (`services`), one handler per method: authority grabs,
 * `drc_mode_enter`/`exit`, one-key take-off, fly-to, return home and its cancel, camera and gimbal.
 * Each answers 0 or the code a real dock refuses with.
 */
import type { ManualControl } from './manualControl.ts';
import { newManualControl } from './manualControl.ts';
import type { FlyTarget } from './manualControl.ts';
import { enterPhase } from '../unitStep.ts';
import { brake } from './manualStep.ts';
import { cameraService } from './simCamera.ts';
import { asData, inRange, num, SIM_DRC_CODES } from './simDrcCodes.ts';
import type { Data } from './simDrcCodes.ts';
import { leave } from './simDrcState.ts';
import type { SimDrc } from './simDrcState.ts';

const MIN_TAKEOFF_BATTERY = 35;

/** One service: 0, a refusal code, or null when the dock leaves it to another controller. */
type ServiceHandler = (sim: SimDrc, data: Data, method: string) => number | null;

/** The pilot's manual control when the dock is in DRC under flight authority; else the refusal. */
function piloted(sim: SimDrc): ManualControl | number {
  const m = sim.deps.state().manual;
  if (!sim.inDrc || !m) return SIM_DRC_CODES.notInDrc;
  if (!sim.flightAuthority) return SIM_DRC_CODES.noAuthority;
  return m;
}

function enterDrc(sim: SimDrc, data: Data): number {
  const osd = num(data.osd_frequency);
  const hsi = num(data.hsi_frequency);
  if (!inRange(osd, 1, 30) || !inRange(hsi, 1, 30) || typeof data.mqtt_broker !== 'object')
    return SIM_DRC_CODES.badParam;
  sim.osdHz = osd;
  sim.hsiHz = hsi;
  sim.inDrc = true;
  sim.lastHeartbeat = sim.deps.now();
  const s = sim.deps.state();
  s.manual ??= newManualControl();
  return 0;
}

/** Point data of `fly_to_point`: height comes as ellipsoid metres, flown above the dock. */
function target(sim: SimDrc, data: Data, kind: FlyTarget['kind']): FlyTarget | null {
  const points = Array.isArray(data.points) ? (data.points as unknown[]) : [];
  const p = asData(kind === 'takeoff' ? data : points[0]);
  const lat = num(kind === 'takeoff' ? p.target_latitude : p.latitude);
  const lng = num(kind === 'takeoff' ? p.target_longitude : p.longitude);
  const height = num(kind === 'takeoff' ? p.target_height : p.height);
  if (!inRange(lat, -90, 90) || !inRange(lng, -180, 180) || !inRange(height, 2, 10_000))
    return null;
  const speed = num(data.max_speed) ?? 10;
  const id = kind === 'takeoff' ? data.flight_id : data.fly_to_id;
  return {
    pos: { lat, lng },
    height: Math.max(2, height - sim.deps.def.homeHeight),
    speed: Math.max(1, Math.min(15, speed)),
    id: typeof id === 'string' ? id : '',
    kind,
  };
}

function takeoff(sim: SimDrc, data: Data): number {
  const m = piloted(sim);
  if (typeof m === 'number') return m;
  const s = sim.deps.state();
  if (s.flight) return SIM_DRC_CODES.busy;
  if (s.phase !== 'docked') return SIM_DRC_CODES.airborne;
  if (s.battery < MIN_TAKEOFF_BATTERY) return SIM_DRC_CODES.lowBattery;
  const t = target(sim, data, 'takeoff');
  const security = num(data.security_takeoff_height);
  if (!t || !inRange(security, 20, 1500)) return SIM_DRC_CODES.badParam;
  m.launch = { height: Math.max(security, num(data.commander_flight_height) ?? 0) };
  m.target = t;
  return 0;
}

/** `fly_to_point`, or with `update` its new point for the flight under way (same id). */
function flyTo(sim: SimDrc, data: Data, update: boolean): number {
  const m = piloted(sim);
  if (typeof m === 'number') return m;
  if (sim.deps.state().phase !== 'patrol') return SIM_DRC_CODES.grounded;
  if (update && !m.target) return SIM_DRC_CODES.noTarget;
  const t = target(sim, data, 'fly_to');
  if (!t) return SIM_DRC_CODES.badParam;
  if (update) t.id = m.target?.id ?? t.id;
  m.target = t;
  return 0;
}

function flyToStop(sim: SimDrc): number {
  const m = piloted(sim);
  if (typeof m === 'number') return m;
  m.target = null;
  return 0;
}

/** Return home outside a task (a task's own is the task services'). */
function returnHome(sim: SimDrc): number | null {
  const s = sim.deps.state();
  if (s.flight) return null;
  if (s.phase !== 'patrol' && s.phase !== 'takeoff') return SIM_DRC_CODES.grounded;
  if (s.manual) s.manual.target = null;
  enterPhase(s, 'returning');
  return 0;
}

/** Cancels a return home outside a task: the aircraft stops and hovers. */
function returnHomeCancel(sim: SimDrc): number | null {
  const s = sim.deps.state();
  if (s.flight) return null;
  if (s.phase !== 'returning') return SIM_DRC_CODES.grounded;
  if (s.manual) brake(s.manual);
  enterPhase(s, 'patrol');
  return 0;
}

const camera: ServiceHandler = (sim, data, method) =>
  sim.payloadAuthority ? cameraService(sim.camera, method, data) : SIM_DRC_CODES.noAuthority;

/** Every service this controller answers. A Map: a method named like an Object member is no key. */
const SERVICES = new Map<string, ServiceHandler>(
  Object.entries({
    flight_authority_grab: (sim) => {
      sim.flightAuthority = true;
      return 0;
    },
    payload_authority_grab: (sim) => {
      sim.payloadAuthority = true;
      return 0;
    },
    drc_mode_enter: enterDrc,
    drc_mode_exit: (sim) => {
      leave(sim);
      return 0;
    },
    takeoff_to_point: takeoff,
    fly_to_point: (sim, data) => flyTo(sim, data, false),
    fly_to_point_update: (sim, data) => flyTo(sim, data, true),
    fly_to_point_stop: flyToStop,
    return_home: returnHome,
    return_home_cancel: returnHomeCancel,
    camera_mode_switch: camera,
    camera_photo_take: camera,
    camera_recording_start: camera,
    camera_recording_stop: camera,
    camera_focal_length_set: camera,
    gimbal_reset: camera,
  } satisfies Record<string, ServiceHandler>),
);

/** A `services` method, or null when this controller does not handle it. */
export function serviceCall(sim: SimDrc, method: string, raw: unknown): number | null {
  const handler = SERVICES.get(method);
  return handler ? handler(sim, asData(raw), method) : null;
}

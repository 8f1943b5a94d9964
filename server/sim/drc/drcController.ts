/**
 * DRC on a simulated dock: authority grabs, `drc_mode_enter`/`exit`, one-key take-off, fly-to,
 * return home and its cancel, camera and gimbal services; sticks, heartbeats and e-stops on
 * `drc/down`; `osd_info_push`, `hsi_info_push` and `delay_info_push` on `drc/up` at the requested
 * rates. It refuses what a real dock refuses: flying without authority or outside DRC, a take-off
 * while a task flies or the aircraft is already up, a camera action in the wrong mode.
 */
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { UnitState } from '../unitState.ts';
import { enterPhase } from '../unitStep.ts';
import { drcExtraDelay } from './delayInjection.ts';
import { newManualControl } from './manualControl.ts';
import type { FlyTarget } from './manualControl.ts';
import { brake, stepManual } from './manualStep.ts';
import { hsiData, obstaclesNear } from './obstacles.ts';
import { delayInfo, osdInfo } from './drcUpData.ts';
import { cameraService, newCamera } from './simCamera.ts';
import { asData, inRange, num, SIM_DRC_CODES } from './simDrcCodes.ts';
import type { Data } from './simDrcCodes.ts';

export { SIM_DRC_CODES } from './simDrcCodes.ts';

/** A dock leaves DRC after this long without a heartbeat, ms (Dock 2/3, protocol §5.2). */
const HEARTBEAT_LIMIT_MS = 60_000;
const DELAY_INFO_HZ = 1;
const MIN_TAKEOFF_BATTERY = 35;
const STICK_MIN = 364;
const STICK_MAX = 1684;
/** A deflection beyond this takes over from a fly-to in progress. */
const OVERRIDE_DEFLECTION = 60;

export interface DrcSimDeps {
  def: SimUnitDef;
  state: () => UnitState;
  now: () => number;
  publish: (topic: string, payload: string) => void;
}

interface Pending {
  due: number;
  payload: string;
}

/** The DRC side of one simulated dock. */
export function drcController(deps: DrcSimDeps) {
  const { def } = deps;
  const dockSn = def.dock.sn;
  const upTopic = thingTopic(dockSn, 'drc/up');
  const obstacles = obstaclesNear(def);
  let inDrc = false;
  let osdHz = 10;
  let hsiHz = 1;
  let lastHeartbeat = 0;
  let flightAuthority = false;
  let payloadAuthority = false;
  const camera = newCamera();
  const since = { osd: 0, hsi: 0, delay: 0 };
  let seq = 0;
  const queue: Pending[] = [];

  /** Sends on `drc/up`, later by the injected delay when one is set. */
  function up(method: string, data: unknown, replySeq?: number): void {
    const payload = JSON.stringify({
      method,
      seq: replySeq ?? seq++,
      timestamp: deps.now(),
      data,
    });
    const extra = drcExtraDelay(dockSn);
    if (extra > 0) queue.push({ due: deps.now() + extra, payload });
    else deps.publish(upTopic, payload);
  }

  function event(method: string, data: Data): void {
    deps.publish(
      thingTopic(dockSn, 'events'),
      JSON.stringify({
        tid: `${dockSn}-${String(seq)}`,
        bid: '',
        timestamp: deps.now(),
        method,
        data,
      }),
    );
  }

  const airborne = (s: UnitState) =>
    s.phase === 'takeoff' ||
    s.phase === 'patrol' ||
    s.phase === 'returning' ||
    s.phase === 'landing';

  function leave(): void {
    inDrc = false;
    flightAuthority = false;
    payloadAuthority = false;
    const s = deps.state();
    const wasManual = s.manual !== null;
    s.manual = null;
    // Nobody flies it any more: an aircraft left hovering under no task comes home.
    if (wasManual && s.phase === 'patrol' && !s.flight) enterPhase(s, 'returning');
  }

  function enterDrc(data: Data): number {
    const osd = num(data.osd_frequency);
    const hsi = num(data.hsi_frequency);
    if (!inRange(osd, 1, 30) || !inRange(hsi, 1, 30) || typeof data.mqtt_broker !== 'object')
      return SIM_DRC_CODES.badParam;
    osdHz = osd;
    hsiHz = hsi;
    inDrc = true;
    lastHeartbeat = deps.now();
    const s = deps.state();
    s.manual ??= newManualControl();
    return 0;
  }

  /** Point data of `fly_to_point`: height comes as ellipsoid metres, flown above the dock. */
  function target(data: Data, kind: FlyTarget['kind']): FlyTarget | null {
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
      height: Math.max(2, height - def.homeHeight),
      speed: Math.max(1, Math.min(15, speed)),
      id: typeof id === 'string' ? id : '',
      kind,
    };
  }

  function takeoff(data: Data): number {
    const s = deps.state();
    if (!inDrc || !s.manual) return SIM_DRC_CODES.notInDrc;
    if (!flightAuthority) return SIM_DRC_CODES.noAuthority;
    if (s.flight) return SIM_DRC_CODES.busy;
    if (s.phase !== 'docked') return SIM_DRC_CODES.airborne;
    if (s.battery < MIN_TAKEOFF_BATTERY) return SIM_DRC_CODES.lowBattery;
    const t = target(data, 'takeoff');
    const security = num(data.security_takeoff_height);
    if (!t || !inRange(security, 20, 1500)) return SIM_DRC_CODES.badParam;
    s.manual.launch = { height: Math.max(security, num(data.commander_flight_height) ?? 0) };
    s.manual.target = t;
    return 0;
  }

  function flyTo(method: string, data: Data): number {
    const s = deps.state();
    if (!inDrc || !s.manual) return SIM_DRC_CODES.notInDrc;
    if (!flightAuthority) return SIM_DRC_CODES.noAuthority;
    if (method === 'fly_to_point_stop') {
      s.manual.target = null;
      return 0;
    }
    if (s.phase !== 'patrol') return SIM_DRC_CODES.grounded;
    if (method === 'fly_to_point_update' && !s.manual.target) return SIM_DRC_CODES.noTarget;
    const t = target(data, 'fly_to');
    if (!t) return SIM_DRC_CODES.badParam;
    if (method === 'fly_to_point_update') t.id = s.manual.target?.id ?? t.id;
    s.manual.target = t;
    return 0;
  }

  /** Return home and its cancel outside a task (a task's own are the task services'). */
  function home(method: string): number | null {
    const s = deps.state();
    if (s.flight) return null;
    if (method === 'return_home') {
      if (s.phase !== 'patrol' && s.phase !== 'takeoff') return SIM_DRC_CODES.grounded;
      if (s.manual) s.manual.target = null;
      enterPhase(s, 'returning');
      return 0;
    }
    if (s.phase !== 'returning') return SIM_DRC_CODES.grounded;
    if (s.manual) brake(s.manual);
    enterPhase(s, 'patrol');
    return 0;
  }

  /** A `services` method, or null when this controller does not handle it. */
  function service(method: string, raw: unknown): number | null {
    const data = asData(raw);
    switch (method) {
      case 'flight_authority_grab':
        flightAuthority = true;
        return 0;
      case 'payload_authority_grab':
        payloadAuthority = true;
        return 0;
      case 'drc_mode_enter':
        return enterDrc(data);
      case 'drc_mode_exit':
        leave();
        return 0;
      case 'takeoff_to_point':
        return takeoff(data);
      case 'fly_to_point':
      case 'fly_to_point_update':
      case 'fly_to_point_stop':
        return flyTo(method, data);
      case 'return_home':
      case 'return_home_cancel':
        return home(method);
      case 'camera_mode_switch':
      case 'camera_photo_take':
      case 'camera_recording_start':
      case 'camera_recording_stop':
      case 'camera_focal_length_set':
      case 'gimbal_reset':
        return payloadAuthority ? cameraService(camera, method, data) : SIM_DRC_CODES.noAuthority;
      default:
        return null;
    }
  }

  function sticks(msgSeq: number, data: Data): void {
    const m = deps.state().manual;
    if (!inDrc || !m || !flightAuthority || msgSeq <= m.lastSeq) return;
    const values = [data.roll, data.pitch, data.throttle, data.yaw].map(num);
    const valid = values.filter((v) => inRange(v, STICK_MIN, STICK_MAX));
    if (valid.length !== 4) return;
    const [roll = 1024, pitch = 1024, throttle = 1024, yaw = 1024] = valid;
    m.lastSeq = msgSeq;
    m.sticks = { roll, pitch, throttle, yaw };
    m.sticksAge = 0;
    if (m.target && valid.some((v) => Math.abs(v - 1024) > OVERRIDE_DEFLECTION)) m.target = null;
  }

  /**
   * Stops the aircraft where it is and leaves it hovering under the pilot (mode 17) until the next
   * command. Every automatic phase in the air runs in the unit's own step, which keeps flying it
   * while its phase lasts, so the stop must end that phase: the take-off climb, return home and the
   * automatic landing at its end all hand the aircraft to the pilot's hover, as a task's wayline
   * does by pausing.
   */
  function emergencyStop(msgSeq: number): void {
    const s = deps.state();
    if (!inDrc || !s.manual) {
      up('drone_emergency_stop', { result: SIM_DRC_CODES.notInDrc }, msgSeq);
      return;
    }
    brake(s.manual);
    s.manual.launch = null;
    if (s.flight?.status === 'in_progress') s.flight.status = 'paused';
    if (s.phase === 'takeoff' || s.phase === 'returning' || s.phase === 'landing') {
      // Without this the hover would climb on to the take-off height at the next step.
      s.manual.takeoffHeight = null;
      enterPhase(s, 'patrol');
    }
    up('drone_emergency_stop', { result: 0 }, msgSeq);
  }

  /** One message on the dock's `drc/down`. */
  function down(payload: Uint8Array): void {
    let body: Data;
    try {
      body = asData(JSON.parse(Buffer.from(payload).toString('utf8')));
    } catch {
      return;
    }
    const msgSeq = num(body.seq) ?? 0;
    const data = asData(body.data);
    switch (body.method) {
      case 'heart_beat':
        if (!inDrc) return;
        lastHeartbeat = deps.now();
        up('heart_beat', { timestamp: num(data.timestamp) ?? 0 }, msgSeq);
        return;
      case 'stick_control':
        sticks(msgSeq, data);
        return;
      case 'drone_emergency_stop':
        emergencyStop(msgSeq);
        return;
      default:
        return;
    }
  }

  function reached(t: FlyTarget): void {
    const method = t.kind === 'takeoff' ? 'takeoff_to_point_progress' : 'fly_to_point_progress';
    const id = t.kind === 'takeoff' ? { flight_id: t.id } : { fly_to_id: t.id };
    event(method, {
      result: 0,
      output: {
        ...id,
        status: t.kind === 'takeoff' ? 'task_finish' : 'wayline_ok',
        remaining_distance: 0,
        remaining_time: 0,
      },
    });
  }

  /** Advances DRC by `dt` s: the stick model, the pushes due, the delayed messages, the heartbeat. */
  function tick(dt: number): void {
    const now = deps.now();
    while (queue.length > 0 && (queue[0]?.due ?? Infinity) <= now) {
      const next = queue.shift();
      if (next) deps.publish(upTopic, next.payload);
    }
    const s = deps.state();
    if (s.manual && s.phase === 'patrol' && s.flight?.status !== 'in_progress') {
      const done = stepManual(s, s.manual, dt);
      if (done) reached(done);
    }
    if (!inDrc) return;
    if (now - lastHeartbeat > HEARTBEAT_LIMIT_MS) {
      leave();
      return;
    }
    since.osd += dt;
    since.hsi += dt;
    since.delay += dt;
    // A small tolerance: 10 Hz on a 100 ms tick must fire every tick despite float rounding.
    if (since.osd + 1e-6 >= 1 / osdHz) {
      since.osd = 0;
      up('osd_info_push', osdInfo(def, s, camera));
    }
    if (since.hsi + 1e-6 >= 1 / hsiHz) {
      since.hsi = 0;
      up('hsi_info_push', hsiData(s, obstacles));
    }
    if (since.delay + 1e-6 >= 1 / DELAY_INFO_HZ) {
      since.delay = 0;
      up('delay_info_push', delayInfo(def, camera, drcExtraDelay(dockSn)));
    }
  }

  return {
    service,
    down,
    tick,
    /** Whether the dock is in DRC now (tests). */
    inDrc: () => inDrc,
    /** Whether the aircraft is in the air (tests). */
    airborne: () => airborne(deps.state()),
  };
}

export type DrcController = ReturnType<typeof drcController>;

/**
 * What the pilot's tab sends a simulated dock on `drc/down`, one handler per method: heartbeats
 * (answered, and they keep the dock in DRC), sticks, and e-stops.
 */
import { enterPhase } from '../unitStep.ts';
import { brake } from './manualStep.ts';
import { asData, inRange, num, SIM_DRC_CODES } from './simDrcCodes.ts';
import type { Data } from './simDrcCodes.ts';
import { up } from './simDrcState.ts';
import type { SimDrc } from './simDrcState.ts';

const STICK_MIN = 364;
const STICK_MAX = 1684;
/** A deflection beyond this takes over from a fly-to in progress. */
const OVERRIDE_DEFLECTION = 60;

type DownHandler = (sim: SimDrc, msgSeq: number, data: Data) => void;

function heartbeat(sim: SimDrc, msgSeq: number, data: Data): void {
  if (!sim.inDrc) return;
  sim.lastHeartbeat = sim.deps.now();
  up(sim, 'heart_beat', { timestamp: num(data.timestamp) ?? 0 }, msgSeq);
}

function sticks(sim: SimDrc, msgSeq: number, data: Data): void {
  const m = sim.deps.state().manual;
  if (!sim.inDrc || !m || !sim.flightAuthority || msgSeq <= m.lastSeq) return;
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
function emergencyStop(sim: SimDrc, msgSeq: number): void {
  const s = sim.deps.state();
  if (!sim.inDrc || !s.manual) {
    up(sim, 'drone_emergency_stop', { result: SIM_DRC_CODES.notInDrc }, msgSeq);
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
  up(sim, 'drone_emergency_stop', { result: 0 }, msgSeq);
}

/** Every `drc/down` method the dock acts on; the others are ignored. */
const DOWN = new Map<string, DownHandler>([
  ['heart_beat', heartbeat],
  ['stick_control', sticks],
  ['drone_emergency_stop', emergencyStop],
]);

/** One message on the dock's `drc/down`. */
export function downMessage(sim: SimDrc, payload: Uint8Array): void {
  let body: Data;
  try {
    body = asData(JSON.parse(Buffer.from(payload).toString('utf8')));
  } catch {
    return;
  }
  const handler = typeof body.method === 'string' ? DOWN.get(body.method) : undefined;
  handler?.(sim, num(body.seq) ?? 0, asData(body.data));
}

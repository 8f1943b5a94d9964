/**
 * One step of a simulated dock's DRC: the delayed messages due, the stick model, the heartbeat
 * watchdog, and `osd_info_push`, `hsi_info_push` and `delay_info_push` at their rates.
 */
import type { UnitState } from '../unitState.ts';
import { drcExtraDelay } from './delayInjection.ts';
import { delayInfo, osdInfo } from './drcUpData.ts';
import type { FlyTarget } from './manualControl.ts';
import { stepManual } from './manualStep.ts';
import { hsiData } from './obstacles.ts';
import { event, leave, sendDelayed, up } from './simDrcState.ts';
import type { SimDrc } from './simDrcState.ts';

/** A dock leaves DRC after this long without a heartbeat, ms (Dock 2/3, protocol §5.2). */
const HEARTBEAT_LIMIT_MS = 60_000;
const DELAY_INFO_HZ = 1;
/** A small tolerance: 10 Hz on a 100 ms tick must fire every tick despite float rounding, s. */
const RATE_SLACK_S = 1e-6;

/** The progress event of a take-off or fly-to that reached its point. */
function reached(sim: SimDrc, t: FlyTarget): void {
  const method = t.kind === 'takeoff' ? 'takeoff_to_point_progress' : 'fly_to_point_progress';
  const id = t.kind === 'takeoff' ? { flight_id: t.id } : { fly_to_id: t.id };
  event(sim, method, {
    result: 0,
    output: {
      ...id,
      status: t.kind === 'takeoff' ? 'task_finish' : 'wayline_ok',
      remaining_distance: 0,
      remaining_time: 0,
    },
  });
}

/** The pushes due after `dt` more seconds in DRC. */
function push(sim: SimDrc, s: UnitState, dt: number): void {
  const { since, deps } = sim;
  since.osd += dt;
  since.hsi += dt;
  since.delay += dt;
  if (since.osd + RATE_SLACK_S >= 1 / sim.osdHz) {
    since.osd = 0;
    up(sim, 'osd_info_push', osdInfo(deps.def, s, sim.camera));
  }
  if (since.hsi + RATE_SLACK_S >= 1 / sim.hsiHz) {
    since.hsi = 0;
    up(sim, 'hsi_info_push', hsiData(s, sim.obstacles));
  }
  if (since.delay + RATE_SLACK_S >= 1 / DELAY_INFO_HZ) {
    since.delay = 0;
    up(sim, 'delay_info_push', delayInfo(deps.def, sim.camera, drcExtraDelay(sim.dockSn)));
  }
}

/** Advances DRC by `dt` s: the stick model, the pushes due, the delayed messages, the heartbeat. */
export function tickDrc(sim: SimDrc, dt: number): void {
  const now = sim.deps.now();
  sendDelayed(sim, now);
  const s = sim.deps.state();
  if (s.manual && s.phase === 'patrol' && s.flight?.status !== 'in_progress') {
    const done = stepManual(s, s.manual, dt);
    if (done) reached(sim, done);
  }
  if (!sim.inDrc) return;
  if (now - sim.lastHeartbeat > HEARTBEAT_LIMIT_MS) {
    leave(sim);
    return;
  }
  push(sim, s, dt);
}

/**
 * DRC on a simulated dock: authority grabs, `drc_mode_enter`/`exit`, one-key take-off, fly-to,
 * return home and its cancel, camera and gimbal services (simDrcServices.ts); sticks, heartbeats
 * and e-stops on `drc/down` (simDrcDown.ts); `osd_info_push`, `hsi_info_push` and
 * `delay_info_push` on `drc/up` at the requested rates (simDrcTick.ts). It refuses what a real dock
 * refuses: flying without authority or outside DRC, a take-off while a task flies or the aircraft
 * is already up, a camera action in the wrong mode.
 */
import type { UnitState } from '../unitState.ts';
import { downMessage } from './simDrcDown.ts';
import { serviceCall } from './simDrcServices.ts';
import { newSimDrc } from './simDrcState.ts';
import type { DrcSimDeps } from './simDrcState.ts';
import { tickDrc } from './simDrcTick.ts';

export { SIM_DRC_CODES } from './simDrcCodes.ts';
export type { DrcSimDeps } from './simDrcState.ts';

const airborne = (s: UnitState) =>
  s.phase === 'takeoff' || s.phase === 'patrol' || s.phase === 'returning' || s.phase === 'landing';

/** The DRC side of one simulated dock. */
export function drcController(deps: DrcSimDeps) {
  const sim = newSimDrc(deps);
  return {
    /** A `services` method, or null when this controller does not handle it. */
    service: (method: string, raw: unknown): number | null => serviceCall(sim, method, raw),
    /** One message on the dock's `drc/down`. */
    down: (payload: Uint8Array): void => {
      downMessage(sim, payload);
    },
    /** Advances DRC by `dt` s. */
    tick: (dt: number): void => {
      tickDrc(sim, dt);
    },
    /** Whether the dock is in DRC now (tests). */
    inDrc: () => sim.inDrc,
    /** Whether the aircraft is in the air (tests). */
    airborne: () => airborne(deps.state()),
  };
}

export type DrcController = ReturnType<typeof drcController>;

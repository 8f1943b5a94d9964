/**
 * What DRC changes in a simulated unit's ordinary `osd` (protocol §2.1.1, §2.2): the aircraft a pilot
 * flies reports mode 17 (live flight controls) instead of its patrol's wayline mode, and the dock's
 * `drc_state` says whether the DRC link is up. A simulated dock is in DRC exactly while its unit has
 * a manual state (drcController.ts sets it on `drc_mode_enter` and clears it on exit or heartbeat
 * loss); it never opens a second broker connection, so it goes from 0 to 2 without showing 1.
 */
import type { UnitState } from '../unitState.ts';

/** Aircraft `mode_code` 17: live flight controls, the DRC pilot's command flight. */
export const LIVE_FLIGHT_CONTROLS_MODE = 17;
/** Dock `drc_state` values. */
export const DRC_STATE = { notConnected: 0, connecting: 1, connected: 2 } as const;

/** Whether the pilot, not a wayline or an automatic phase, is flying the aircraft now. */
export const pilotFlies = (s: UnitState): boolean =>
  s.manual !== null && s.phase === 'patrol' && s.flight?.status !== 'in_progress';

/** The aircraft's `mode_code`: `mode` unless the DRC pilot flies it. */
export function aircraftModeCode(s: UnitState, mode: number): number {
  return pilotFlies(s) ? LIVE_FLIGHT_CONTROLS_MODE : mode;
}

/** The dock's `drc_state`. */
export function dockDrcState(s: UnitState): number {
  return s.manual === null ? DRC_STATE.notConnected : DRC_STATE.connected;
}

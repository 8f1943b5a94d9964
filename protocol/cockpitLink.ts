/**
 * What crosses the worker boundary for a cockpit session: the page opens a session with a listener,
 * sends stick, heartbeat and emergency-stop messages, and gets each `drc/up` message of the session
 * as it arrives. Declared here, outside the worker, so pages never import worker internals.
 */
import type { DrcUpMessage, StickControlData } from './mqtt/drc.ts';

/** One `drc/up` message of the open session, with when the worker received it (ms since epoch). */
export interface DrcUpDelivery {
  message: DrcUpMessage;
  receivedAt: number;
}

export type DrcUpListener = (delivery: DrcUpDelivery) => unknown;

/** What the cockpit may send; each maps to one `drc/down` method. */
export type DrcOutgoing =
  | { method: 'stick_control'; data: StickControlData }
  | { method: 'heart_beat' }
  | { method: 'drone_emergency_stop' };

/**
 * Words for a dock's refusal of an emergency stop: `drone_emergency_stop` answered on `drc/up` with a
 * non-zero `result`. The pilot must learn at once that the aircraft did not stop, and why if the
 * code says; a code the cockpit does not know is still shown, by number.
 */

/** A refusal's reason, as a key under `estop.reason` in the cockpit's strings. */
export type EstopRefusalReason = 'notInDrc' | 'noAuthority' | 'unknown';

/**
 * Codes the cockpit can name: DJI documents none for the e-stop, so these are the ones the
 * simulated dock answers with (`SIM_DRC_CODES` in server/sim/drc/simDrcCodes.ts).
 */
const REASONS: Readonly<Record<number, EstopRefusalReason>> = {
  319042: 'notInDrc',
  319043: 'noAuthority',
};

/** The reason behind refusal code `result`, `unknown` when the cockpit cannot name it. */
export function estopRefusalReason(result: number): EstopRefusalReason {
  return REASONS[result] ?? 'unknown';
}

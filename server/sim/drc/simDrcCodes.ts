/** Refusal codes and small payload readers shared by the simulated dock's DRC modules. */

/** Refusal codes: the simulator's own picks in the dock's families (protocol §1.2). */
export const SIM_DRC_CODES = {
  notInDrc: 319042,
  noAuthority: 319043,
  airborne: 319044,
  grounded: 319045,
  badParam: 319046,
  busy: 314001,
  lowBattery: 316050,
  wrongCameraMode: 320001,
  noTarget: 319047,
} as const;

export type Data = Record<string, unknown>;
export const asData = (v: unknown): Data =>
  typeof v === 'object' && v !== null ? (v as Data) : {};
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
export const inRange = (v: number | undefined, lo: number, hi: number): v is number =>
  v !== undefined && v >= lo && v <= hi;

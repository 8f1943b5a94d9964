import { DOCK_TASK_BUSY } from '../../protocol/mqtt/flighttask.ts';

/**
 * Refusal codes. 314013 (file not fetched) and 321004 (KMZ not readable) are codes docks are seen
 * to send (protocol §10); `busy` is the task centre's "not idle" (see `DOCK_TASK_BUSY`); the others
 * are the simulator's own picks in the same families.
 */
export const SIM_CODES = {
  busy: DOCK_TASK_BUSY,
  unknownFlight: 314002,
  badTask: 314003,
  notReady: 319004,
  timeOff: 314007,
  lowBattery: 316050,
  fileNotFetched: 314013,
  badFile: 321004,
} as const;

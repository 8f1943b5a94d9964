/**
 * What a simulated dock does with a task it was told to execute before it flies: it asks for the
 * file with `flighttask_resource_get`, downloads it, checks its MD5 and reads waylines.wpml.
 */
import { createHash } from 'node:crypto';
import { readKmzRoute } from '../waylines/readRoute.ts';
import { field, textField } from './payloadField.ts';
import { SIM_CODES } from './simTaskCodes.ts';
import { loadRoute } from './waylineFlight.ts';
import type { WaylineFlight } from './waylineFlight.ts';

export interface TaskFileDeps {
  /** Sends a request to the cloud; resolves with the reply's data, or null on timeout. */
  ask: (method: string, data: Record<string, unknown>) => Promise<unknown>;
  download: (url: string) => Promise<Uint8Array>;
}

function fail(flight: WaylineFlight, code: number): void {
  flight.status = 'failed';
  flight.result = code;
}

/**
 * Loads the route of a flight about to fly, or fails the flight with the code a real dock gives
 * when it cannot get or read its file.
 */
export async function fetchTaskFile(deps: TaskFileDeps, flight: WaylineFlight): Promise<void> {
  flight.status = 'fetching';
  flight.step = 16;
  const reply = await deps.ask('flighttask_resource_get', { flight_id: flight.flightId });
  const file = field(field(reply, 'output'), 'file');
  const url = field(file, 'url');
  if (field(reply, 'result') !== 0 || typeof url !== 'string')
    return fail(flight, SIM_CODES.fileNotFetched);
  flight.step = 17;
  let bytes: Uint8Array;
  try {
    bytes = await deps.download(url);
  } catch {
    return fail(flight, SIM_CODES.fileNotFetched);
  }
  const md5 = createHash('md5').update(bytes).digest('hex');
  const expected = textField(file, 'fingerprint') || flight.fingerprint;
  if (md5 !== expected || (flight.fingerprint && md5 !== flight.fingerprint))
    return fail(flight, SIM_CODES.badFile);
  try {
    loadRoute(flight, readKmzRoute(bytes).route);
  } catch {
    return fail(flight, SIM_CODES.badFile);
  }
  if (flight.points.length === 0) fail(flight, SIM_CODES.badFile);
}

/**
 * Answers a dock's `flight_areas_get` (DJI Cloud API custom flight area) with
 * `output.files: [{name, url, checksum, size}]`: the file of the dock's own project as a signed,
 * expiring link, or no file when the project has no enabled area. A dock only ever hears of its own
 * project's file: the project is read from the dock the request came from (the topic), never from
 * the request.
 */
import type { FlightAreaFileRef } from '../../protocol/airspace.ts';
import { REQUEST_FAILED } from '../../protocol/mqtt/requests.ts';
import type { Db } from '../db/Db.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { projectOfDock } from './areaStore.ts';
import { signedAirspaceUrl } from './fileLink.ts';
import { projectFile } from './projectFile.ts';

export interface FlightAreasRequestOptions {
  db: Db;
  tokenSecret: string;
  /** The server's base URL as the docks reach it. */
  baseUrl: () => string;
  now: () => number;
}

/** The `files` a dock of `workspaceId` is told. */
export async function filesFor(
  options: FlightAreasRequestOptions,
  workspaceId: number,
): Promise<FlightAreaFileRef[]> {
  const file = await projectFile(options.db, workspaceId);
  if (!file) return [];
  const url = signedAirspaceUrl(
    options.tokenSecret,
    options.baseUrl(),
    { workspaceId, checksum: file.checksum },
    options.now(),
  );
  return [{ name: file.name, url, checksum: file.checksum, size: file.size }];
}

/** Registers the `flight_areas_get` answer. */
export function registerFlightAreasRequest(
  requests: RequestRegistry,
  options: FlightAreasRequestOptions,
): void {
  requests.register('flight_areas_get', async ({ gatewaySn }) => {
    const workspaceId = await projectOfDock(options.db, gatewaySn);
    // A gateway that is not registered has no project, so no areas of anyone's.
    if (workspaceId === undefined) return { result: REQUEST_FAILED };
    return { result: 0, output: { files: await filesFor(options, workspaceId) } };
  });
}

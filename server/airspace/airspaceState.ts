/**
 * What the airspace feature keeps in memory for one app: created once by the composition root
 * (`AppDeps.airspace`) and shared by the routes and the airspace runtime on the device gateway.
 */
import type { AirspaceLink } from './airspaceLink.ts';
import type { DroneLocationReports } from './dockReports.ts';
import type { HeldAlarms } from './proximityAlarms.ts';

export interface AirspaceState {
  /** How the routes tell a dock its areas changed; null while the runtime is not started. */
  link: AirspaceLink | null;
  /** Each dock's latest `flight_areas_drone_location`. */
  reports: DroneLocationReports;
  /** Per project: the rebuild of its file under way, so two changes never rebuild at once. */
  rebuilds: Map<number, Promise<unknown>>;
  /** Proximity alarms raised and not yet clear. */
  held: HeldAlarms;
}

/** An empty state, for one app. */
export function createAirspaceState(): AirspaceState {
  return { link: null, reports: new Map(), rebuilds: new Map(), held: new Map() };
}

/**
 * Fixture routes flown on the one-dock simulated fleet of the end-to-end suites: a task is refused
 * when its route is for another aircraft than the dock carries, so each route is re-planned for the
 * aircraft of the fleet's dock (seed 1, the harness default).
 */
import { buildFleet, DEFAULT_CENTER } from '../../../server/sim/fleet.ts';
import { kmzForAircraft } from '../../fixtures/wpml/forAircraft.ts';

/** `kmz` re-planned for the aircraft of the first simulated dock of a fleet of `drones`. */
export function forSimDock(kmz: Uint8Array, drones = 1, seed = 1): Uint8Array {
  const [unit] = buildFleet({ drones, seed, center: DEFAULT_CENTER });
  if (!unit) throw new Error('no simulated dock');
  return kmzForAircraft(kmz, unit.aircraft.modelKey);
}

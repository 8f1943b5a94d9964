/** Where the project's docks stand, for the planning maps (see `DockLandmarks`). */
import { fleetEntries } from '../../fleet/fleet.ts';
import { kindOf } from '../../fleet/derive/deviceState.ts';
import { knownPosition } from '../../fleet/derive/knownPosition.ts';

export interface DockPlace {
  sn: string;
  name: string;
  lng: number;
  lat: number;
}

/** Every dock of the watched fleet whose position is known (reported now or kept by the server). */
export function dockPlaces(): DockPlace[] {
  const places: DockPlace[] = [];
  for (const [sn, cell] of fleetEntries()) {
    if (kindOf(cell.info, cell.live) !== 'dock') continue;
    const at = knownPosition(cell.info, cell.live);
    if (at === null) continue;
    places.push({ sn, name: cell.info?.name ?? sn, lng: at[0], lat: at[1] });
  }
  return places.sort((a, b) => a.sn.localeCompare(b.sn));
}

/** Where the project's docks stand, for the planning maps (see `DockLandmarks`). */
import { fleetEntries } from '../../state/fleet.ts';
import { kindOf } from '../../telemetry/fleetCounts.ts';
import { positionOf } from '../../telemetry/fields.ts';

export interface DockPlace {
  sn: string;
  name: string;
  lng: number;
  lat: number;
}

/** Every dock of the watched fleet that has reported a position. */
export function dockPlaces(): DockPlace[] {
  const places: DockPlace[] = [];
  for (const [sn, cell] of fleetEntries()) {
    if (kindOf(cell.info, cell.live) !== 'dock') continue;
    const osd = positionOf(cell.live);
    const lng = osd.num('longitude');
    const lat = osd.num('latitude');
    if (lng === null || lat === null) continue;
    places.push({ sn, name: cell.info?.name ?? sn, lng, lat });
  }
  return places.sort((a, b) => a.sn.localeCompare(b.sn));
}

/** The fleet as one GeoJSON collection: what the drones source gets once per frame. */
import type { FeatureCollection, Point } from 'geojson';
import type { DeviceCell } from '../../../state/fleet.ts';
import { kindOf } from '../../../telemetry/fleetCounts.ts';
import type { ToDisplay } from '../../../map/displayCoords.ts';
import { aircraftOsd } from '../../../telemetry/fields.ts';
import { droneStatus } from '../../../map/icons/droneStatus.ts';
import type { DroneStatus } from '../../../map/icons/droneStatus.ts';

export interface DroneProperties {
  sn: string;
  status: DroneStatus;
  heading: number;
  selected: boolean;
}

/**
 * Every aircraft with a position, with its status, heading and whether it is the selected one;
 * positions converted to the basemap's coordinates by `toDisplay`.
 */
export function dronesGeoJson(
  cells: Iterable<DeviceCell>,
  selected: string | null,
  now: number,
  toDisplay: ToDisplay,
): FeatureCollection<Point, DroneProperties> {
  const features: FeatureCollection<Point, DroneProperties>['features'] = [];
  for (const cell of cells) {
    const live = cell.live;
    if (live === null || kindOf(cell.info, live) !== 'aircraft') continue;
    const osd = aircraftOsd(live);
    const lon = osd.num('longitude');
    const lat = osd.num('latitude');
    if (lon === null || lat === null) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: toDisplay(lon, lat) },
      properties: {
        sn: live.sn,
        status: droneStatus(live, cell.alarms, now),
        heading: osd.num('attitude_head') ?? 0,
        selected: live.sn === selected,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

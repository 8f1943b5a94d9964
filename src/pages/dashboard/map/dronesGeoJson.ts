/** The fleet as one GeoJSON collection: what the drones source gets once per frame. */
import type { FeatureCollection, Point } from 'geojson';
import type { DeviceCell } from '../../../state/fleet.ts';
import { kindOf } from '../../../telemetry/fleetCounts.ts';
import { numberAt } from '../../../telemetry/fields.ts';
import { droneStatus } from './droneStatus.ts';
import type { DroneStatus } from './droneStatus.ts';

export interface DroneProperties {
  sn: string;
  status: DroneStatus;
  heading: number;
  selected: boolean;
}

/** Every aircraft with a position, with its status, heading and whether it is the selected one. */
export function dronesGeoJson(
  cells: Iterable<DeviceCell>,
  selected: string | null,
  now: number,
): FeatureCollection<Point, DroneProperties> {
  const features: FeatureCollection<Point, DroneProperties>['features'] = [];
  for (const cell of cells) {
    const live = cell.live;
    if (live === null || kindOf(cell.info, live) !== 'aircraft') continue;
    const lon = numberAt(live.osd, 'longitude');
    const lat = numberAt(live.osd, 'latitude');
    if (lon === null || lat === null) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: {
        sn: live.sn,
        status: droneStatus(live, cell.alarms, now),
        heading: numberAt(live.osd, 'attitude_head') ?? 0,
        selected: live.sn === selected,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

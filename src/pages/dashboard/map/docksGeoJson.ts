/**
 * Docks as one GeoJSON collection and the thin lines from each aircraft out of its dock to the dock:
 * what the docks source and the links source get once per frame. Positions are converted to the
 * basemap's coordinates by `toDisplay`.
 */
import type { FeatureCollection, LineString, Point } from 'geojson';
import type { ToDisplay } from '../../../map/displayCoords.ts';
import type { DeviceCell } from '../../../fleet/fleet.ts';
import { knownPosition } from '../../../fleet/derive/knownPosition.ts';
import { judgeDevice } from '../../../fleet/derive/deviceState.ts';
import { devicePosition, freshVitals } from '../../../fleet/table/fleetPositions.ts';
import type { DockStatus } from '../../../map/icons/dockStatus.ts';

export interface DockProperties {
  sn: string;
  status: DockStatus;
  selected: boolean;
}

export interface DockFeatures {
  docks: FeatureCollection<Point, DockProperties>;
  links: FeatureCollection<LineString, { sn: string; selected: boolean }>;
}

/** Closer than this to its dock an aircraft is at home: no line to draw (degrees, about 5 m). */
const AT_HOME_DEG = 0.00005;

/**
 * Where a device is: the worker's table first (fresh every frame), else its merged telemetry, else
 * the position the server kept from its last report.
 */
function lonLat(sn: string, cell: DeviceCell): [number, number] | null {
  const fix = devicePosition(sn);
  return fix === null ? knownPosition(cell.info, cell.live) : [fix.lon, fix.lat];
}

/** Every dock with a position, and a line from each aircraft away from its dock. */
export function docksGeoJson(
  entries: Iterable<[string, DeviceCell]>,
  selected: string | null,
  now: number,
  toDisplay: ToDisplay,
): DockFeatures {
  const docks: DockFeatures['docks']['features'] = [];
  const positions = new Map<string, [number, number]>();
  const aircraft: [string, DeviceCell, [number, number]][] = [];
  for (const [sn, cell] of entries) {
    const at = lonLat(sn, cell);
    if (at === null) continue;
    const vitals = cell.live === null ? null : freshVitals(cell.live);
    // The map judges at the time it draws: its idle redraw shows silence between frames.
    const { kind, status } = judgeDevice(cell, vitals, now);
    if (kind === 'aircraft') aircraft.push([sn, cell, at]);
    if (kind !== 'dock') continue;
    positions.set(sn, at);
    docks.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: toDisplay(...at) },
      properties: {
        sn,
        status:
          status === 'ground' || status === 'alarm' || status === 'quiet' ? status : 'offline',
        selected: sn === selected,
      },
    });
  }
  const links: DockFeatures['links']['features'] = [];
  for (const [sn, cell, at] of aircraft) {
    const dockSn = cell.info?.gateway_sn ?? cell.live?.gateway ?? null;
    const home = dockSn === null ? undefined : positions.get(dockSn);
    if (home === undefined || Math.hypot(at[0] - home[0], at[1] - home[1]) < AT_HOME_DEG) continue;
    links.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: [toDisplay(...at), toDisplay(...home)] },
      properties: { sn, selected: sn === selected || dockSn === selected },
    });
  }
  return {
    docks: { type: 'FeatureCollection', features: docks },
    links: { type: 'FeatureCollection', features: links },
  };
}

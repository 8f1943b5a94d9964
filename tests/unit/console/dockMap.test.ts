/**
 * Docks read through their own tables and typed fields, and are drawn with links to their aircraft
 * in the basemap's coordinates; the charts' clock shows the hour.
 */
import { describe, expect, it } from 'vitest';
import type { Device } from '../../../protocol/http.ts';
import { aircraftMode, dockMode, coverState, chargeState } from '../../../protocol/mqtt/enums.ts';
import type { DeviceTelemetry, JsonObject } from '../../../protocol/telemetry.ts';
import { docksGeoJson } from '../../../src/pages/dashboard/map/docksGeoJson.ts';
import { droneRoster } from '../../../src/pages/dashboard/map/droneRoster.ts';
import { DroneScene } from '../../../src/pages/dashboard/map/droneScene.ts';
import { formatClock } from '../../../src/pages/dashboard/formatClock.ts';
import type { DeviceCell, Frozen } from '../../../src/fleet/fleet.ts';
import { aircraftOsd, dockOsd } from '../../../src/fleet/derive/fields.ts';

const NOW = Date.UTC(2026, 0, 1, 8);

function cell(
  sn: string,
  domain: number,
  osd: JsonObject,
  gateway: string | null = null,
): [string, DeviceCell] {
  const live: DeviceTelemetry = {
    sn,
    gateway,
    ts: NOW,
    receivedAt: NOW,
    osd,
    state: {},
    task: null,
  };
  const info = { device_sn: sn, domain, gateway_sn: gateway } as Device;
  return [
    sn,
    {
      info: info as Frozen<Device>,
      live: live as Frozen<DeviceTelemetry>,
      alarms: [] as unknown as Frozen<readonly never[]>,
    },
  ];
}

describe('dock fields and enums', () => {
  it('names a dock mode from the dock table, never the aircraft one', () => {
    expect(dockMode(4)).toBe('working');
    expect(aircraftMode(4)).toBe('takeoff_auto');
    expect(dockMode(42)).toBe('unknown');
    expect(coverState(2)).toBe('half_open');
    expect(chargeState(1)).toBe('charging');
  });

  it('reads typed paths and answers null for missing or mistyped values', () => {
    const live = cell('DOCK1', 3, {
      drone_charge_state: { state: 1, capacity_percent: 87 },
      cover_state: 'open',
    })[1].live;
    expect(dockOsd(live).num('drone_charge_state.capacity_percent')).toBe(87);
    expect(dockOsd(live).num('cover_state')).toBeNull();
    expect(aircraftOsd(null).num('battery.capacity_percent')).toBeNull();
    // @ts-expect-error a typo in a field path is a compile error
    aircraftOsd(live).num('battery.capacity_precent');
  });
});

describe('docks on the map', () => {
  const shift = (lng: number, lat: number): [number, number] => [lng + 1, lat + 1];
  const fleet = [
    cell('DOCK1', 3, { longitude: 114, latitude: 22.5, drone_in_dock: 0 }),
    cell('UAV1', 0, { longitude: 114.01, latitude: 22.5, attitude_head: 90 }, 'DOCK1'),
    cell('DOCK2', 3, { longitude: 113.9, latitude: 22.6, drone_in_dock: 1 }),
    cell('UAV2', 0, { longitude: 113.9, latitude: 22.6 }, 'DOCK2'),
  ];

  it('draws every dock and a line from each aircraft away from its dock, in display coordinates', () => {
    const { docks, links } = docksGeoJson(fleet, 'DOCK1', NOW, shift);
    expect(
      docks.features.map((f) => [f.properties.sn, f.properties.selected, f.geometry.coordinates]),
    ).toEqual([
      ['DOCK1', true, [115, 23.5]],
      ['DOCK2', false, [114.9, 23.6]],
    ]);
    expect(links.features).toHaveLength(1);
    expect(links.features[0]?.geometry.coordinates).toEqual([
      [115.01, 23.5],
      [115, 23.5],
    ]);
    expect(links.features[0]?.properties.selected).toBe(true);
  });

  it('draws aircraft, not docks, as drones, also through the display conversion', () => {
    const cells = fleet.map(([, c]) => c);
    expect(droneRoster(cells, null, NOW, null).sns).toEqual(['UAV1', 'UAV2']);
    const scene = new DroneScene();
    scene.update({ now: NOW, cells, selected: null, toDisplay: shift, table: null, zoom: 16 });
    // A screen of 1 000 px per degree: UAV1 is drawn at its shifted position.
    const project = (lon: number, lat: number) => ({ x: lon * 1000, y: lat * 1000 });
    expect(scene.count).toBe(2);
    expect(scene.pick(NOW, 115_010, 23_500, project)).toBe('UAV1');
    expect(scene.pick(NOW, 114_010, 22_500, project)).toBeNull();
  });
});

describe('chart clock', () => {
  it('shows hours, minutes and seconds', () => {
    expect(formatClock(new Date(2026, 0, 1, 9, 5, 7).getTime())).toBe('09:05:07');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '../../../protocol/http.ts';
import { applyFleetDelta, resetFleet, setFleetDevices } from '../../../src/fleet/fleet.ts';
import { dockPlaces } from '../../../src/components/DockLandmarks/dockPlaces.ts';
import { delta } from './fakeWorker.ts';

const device = (sn: string, domain: number, name: string): Device =>
  ({ device_sn: sn, domain, name, online: true }) as Device;

beforeEach(() => resetFleet());

describe('docks on the planning maps', () => {
  it('lists every dock that reported where it stands, by its listed name, and no aircraft', () => {
    setFleetDevices([
      device('DOCK2', 3, '#2 DJI Dock'),
      device('DOCK1', 3, '#1 DJI Dock 2'),
      device('DOCK3', 3, '#3 DJI Dock 3'),
      device('UAV1', 0, '#1 Matrice 3TD'),
    ]);
    const at = (lng: number, lat: number) => ({ longitude: lng, latitude: lat });
    applyFleetDelta(
      delta(1, [
        { sn: 'DOCK2', ts: 1, receivedAt: 1, osd: { ...at(113.91, 22.52), drone_in_dock: 1 } },
        { sn: 'DOCK1', ts: 1, receivedAt: 1, osd: at(113.95, 22.54) },
        // Heard, but no position yet: nothing to draw.
        { sn: 'DOCK3', ts: 1, receivedAt: 1, osd: { drone_in_dock: 0 } },
        { sn: 'UAV1', ts: 1, receivedAt: 1, osd: at(113.96, 22.55) },
      ]),
    );
    expect(dockPlaces()).toEqual([
      { sn: 'DOCK1', name: '#1 DJI Dock 2', lng: 113.95, lat: 22.54 },
      { sn: 'DOCK2', name: '#2 DJI Dock', lng: 113.91, lat: 22.52 },
    ]);
  });

  it('places a dock where the server last heard it until the dock reports again, then live', () => {
    const kept = { ...device('DOCK1', 3, '#1 DJI Dock 2'), latitude: 22.5, longitude: 113.9 };
    setFleetDevices([kept, device('DOCK2', 3, '#2 DJI Dock')]);
    // Nothing heard yet since the page opened: the kept position, and none for a dock never heard.
    expect(dockPlaces()).toEqual([{ sn: 'DOCK1', name: '#1 DJI Dock 2', lng: 113.9, lat: 22.5 }]);
    applyFleetDelta(
      delta(1, [
        { sn: 'DOCK1', ts: 1, receivedAt: 1, osd: { longitude: 113.91, latitude: 22.51 } },
      ]),
    );
    expect(dockPlaces()).toEqual([{ sn: 'DOCK1', name: '#1 DJI Dock 2', lng: 113.91, lat: 22.51 }]);
  });
});

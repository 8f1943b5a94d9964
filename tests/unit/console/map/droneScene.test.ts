/**
 * The scene the GL drone layer draws: positions from the worker's table each frame, statuses and
 * membership from the fleet a few times a second, selection and silence as the map showed them.
 */
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../../protocol/telemetry.ts';
import { DRONE_STATUSES } from '../../../../src/fleet/derive/droneStatus.ts';
import type { DroneStatus } from '../../../../src/fleet/derive/droneStatus.ts';
import { DroneScene } from '../../../../src/pages/dashboard/map/droneScene.ts';
import type { SceneFrame, SceneInput } from '../../../../src/pages/dashboard/map/droneScene.ts';
import {
  FLAG_SELECTED,
  INSTANCE_FLOATS,
} from '../../../../src/pages/dashboard/map/gl/droneInstances.ts';
import type { DeviceCell } from '../../../../src/fleet/fleet.ts';
import type { PositionTable } from '../../../../src/fleet/table/fleetPositions.ts';
import type { MapFrame } from '../../../../workers/api.ts';
import { aircraftCell } from './aircraftCell.ts';

const T = Date.UTC(2026, 0, 1, 8);
const identity = (lon: number, lat: number): [number, number] => [lon, lat];
/** 1 000 px per degree, so screen points read as coordinates. */
const project = (lon: number, lat: number) => ({ x: lon * 1000, y: lat * 1000 });

const aircraft = (sn: string, osd: JsonObject, receivedAt = T): DeviceCell =>
  aircraftCell(sn, osd, receivedAt);

function table(rows: [string, number, number, number][]): PositionTable {
  const n = rows.length;
  const frame: MapFrame = {
    version: 1,
    sns: rows.map(([sn]) => sn),
    lon: Float64Array.from(rows.map((r) => r[1])),
    lat: Float64Array.from(rows.map((r) => r[2])),
    heading: Float32Array.from(rows.map((r) => r[3])),
    height: new Float32Array(n).fill(Number.NaN),
    battery: new Float32Array(n).fill(Number.NaN),
    mode: new Int16Array(n).fill(-1),
    elevation: new Float32Array(n).fill(NaN),
    speed: new Float32Array(n).fill(NaN),
    droneInDock: new Int8Array(n).fill(-1),
    ts: new Float64Array(n),
    receivedAt: new Float64Array(n),
  };
  return { frame, rows: new Map(rows.map(([sn], row) => [sn, row])) };
}

const input = (over: Partial<SceneInput>): SceneInput => ({
  now: T,
  cells: [],
  selected: null,
  toDisplay: identity,
  table: null,
  zoom: 16,
  ...over,
});

const statusOf = (frame: SceneFrame, slot: number): DroneStatus | undefined =>
  DRONE_STATUSES[frame.instances.data[slot * INSTANCE_FLOATS + 8] ?? -1];

describe('drone scene', () => {
  const cells = [
    aircraft('UAV1', { longitude: 114, latitude: 22.5, elevation: 50 }),
    aircraft('UAV2', { longitude: 114.1, latitude: 22.6 }),
    aircraft('NOPOS', {}),
  ];

  it('draws every aircraft with a position, the selected one flagged', () => {
    const scene = new DroneScene();
    const frame = scene.update(input({ cells, selected: 'UAV2' }));
    expect(scene.count).toBe(2);
    expect(frame.hasSelected).toBe(true);
    expect(frame.instances.data[9]).toBe(0);
    expect(frame.instances.data[INSTANCE_FLOATS + 9]).toBe(FLAG_SELECTED);
    expect(statusOf(frame, 0)).toBe('flying');
    expect(scene.pick(T, 114_100, 22_600, project)).toBe('UAV2');
  });

  it("reads positions from the worker's table before merged telemetry", () => {
    const scene = new DroneScene();
    scene.update(input({ cells, table: table([['UAV1', 114.5, 22.5, 0]]) }));
    expect(scene.pick(T, 114_500, 22_500, project)).toBe('UAV1');
    expect(scene.pick(T, 114_000, 22_500, project)).toBeNull();
  });

  it('glides to the next table position and repaints until it arrives', () => {
    const scene = new DroneScene();
    scene.update(input({ cells, table: table([['UAV1', 114, 22.5, 0]]) }));
    const frame = scene.update(
      input({ cells, now: T + 100, table: table([['UAV1', 114.002, 22.5, 0]]) }),
    );
    expect(frame.glideEnd).toBe(T + 200);
    expect(scene.pick(T + 150, 114_001, 22_500, project)).toBe('UAV1');
  });

  it('turns a silent drone quiet on the idle redraw, without new data', () => {
    const scene = new DroneScene();
    expect(statusOf(scene.update(input({ cells })), 0)).toBe('flying');
    expect(statusOf(scene.update(input({ cells, now: T + 6_000 })), 0)).toBe('quiet');
  });

  it("judges a drone by the table's clock and mode when they are newer than its detail", () => {
    const scene = new DroneScene();
    // The detail is 6 s old (a drone the UI does not show); the table heard it just now, returning.
    const fresh = table([['UAV1', 114, 22.5, 0]]);
    fresh.frame.receivedAt[0] = T + 6_000;
    fresh.frame.mode[0] = 9;
    const now = T + 6_000;
    expect(statusOf(scene.update(input({ cells, now, table: fresh })), 0)).toBe('returning');
    // Without the table's word the same drone is quiet.
    expect(statusOf(scene.update(input({ cells, now })), 0)).toBe('quiet');
  });

  it('hides clustered drones at low zoom and hands over their bubble', () => {
    const near = [
      aircraft('A', { longitude: 114, latitude: 22.5 }),
      aircraft('B', { longitude: 114.0001, latitude: 22.5 }),
    ];
    const scene = new DroneScene();
    const frame = scene.update(input({ cells: near, zoom: 10 }));
    expect(frame.bubbles?.features).toHaveLength(1);
    expect(scene.pick(T, 114_000, 22_500, project)).toBeNull();
    expect(scene.update(input({ cells: near, zoom: 10, now: T + 16 })).bubbles).toBeNull();
    const closer = scene.zoomed(T + 32, 15);
    expect(closer?.bubbles?.features).toHaveLength(0);
    expect(scene.pick(T + 32, 114_000, 22_500, project)).toBe('A');
  });
});

/**
 * The GL drone layer on a real MapLibre map (software WebGL in headless Chromium): it draws the
 * drone's arrow in its status colour with the selected halo, reports the frame that shows new data,
 * survives a lost and restored WebGL context, and leaves nothing behind when removed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { maplibregl } from '../../src/map/maplibre.ts';
import { hexToRgb } from '../../src/pages/dashboard/map/gl/droneShaders.ts';
import { STATUS_COLOURS } from '../../src/fleet/derive/droneStatus.ts';
import { DroneGlLayer } from '../../src/pages/dashboard/map/gl/DroneGlLayer.ts';
import { DroneScene } from '../../src/pages/dashboard/map/droneScene.ts';
import {
  addDroneLayers,
  DRONE_LAYER,
  keepDroneLayers,
  removeDroneLayers,
} from '../../src/pages/dashboard/map/droneLayers.ts';
import type { DeviceCell } from '../../src/fleet/fleet.ts';
import { aircraftCell } from '../unit/console/map/aircraftCell.ts';

const CENTRE: [number, number] = [114, 22.5];
const identity = (lon: number, lat: number): [number, number] => [lon, lat];

const aircraft = (sn: string, now: number): DeviceCell =>
  aircraftCell(
    sn,
    { longitude: CENTRE[0], latitude: CENTRE[1], elevation: 50, attitude_head: 0 },
    now,
  );

let map: MapLibreMap | null = null;

afterEach(() => {
  map?.remove();
  map?.getContainer().remove();
  map = null;
});

async function blackMap(): Promise<MapLibreMap> {
  const container = document.createElement('div');
  container.style.width = '200px';
  container.style.height = '160px';
  document.body.append(container);
  const created = new maplibregl.Map({
    container,
    style: {
      version: 8,
      sources: {},
      layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#000000' } }],
    },
    center: CENTRE,
    zoom: 15,
    fadeDuration: 0,
    attributionControl: false,
    pixelRatio: 1,
    canvasContextAttributes: { preserveDrawingBuffer: true },
  });
  map = created;
  await created.once('load');
  return created;
}

/** The canvas pixel `dx`, `dy` CSS px from the centre, as [r, g, b]. */
function pixel(target: MapLibreMap, dx: number, dy: number): [number, number, number] {
  const source = target.getCanvas();
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const ctx = copy.getContext('2d');
  if (ctx === null) throw new Error('no 2d context');
  ctx.drawImage(source, 0, 0);
  const [r = 0, g = 0, b = 0] = ctx.getImageData(
    source.width / 2 + dx,
    source.height / 2 + dy,
    1,
    1,
  ).data;
  return [r, g, b];
}

const rendered = (target: MapLibreMap): Promise<unknown> => target.once('idle');

function expectColour(actual: [number, number, number], hex: string, tolerance = 24): void {
  const expected = hexToRgb(hex).map((v) => v * 255);
  actual.forEach((value, i) =>
    expect(Math.abs(value - (expected[i] ?? 0))).toBeLessThan(tolerance),
  );
}

describe('GL drone layer', () => {
  it('draws the selected drone as its status arrow with a halo, and reports the drawn frame', async () => {
    const target = await blackMap();
    let drawn = 0;
    const layer = new DroneGlLayer('drones', () => (drawn += 1));
    target.addLayer(layer);
    const scene = new DroneScene();
    const now = Date.now();
    const frame = scene.update({
      now,
      cells: [aircraft('UAV1', now)],
      selected: 'UAV1',
      toDisplay: identity,
      table: null,
      zoom: target.getZoom(),
    });
    layer.setInstances(frame.instances, frame.glideEnd, frame.hasSelected);
    await rendered(target);
    expect(drawn).toBe(1);
    expectColour(pixel(target, 0, 0), STATUS_COLOURS.flying);
    // Inside the halo, off the arrow: white at low opacity over black.
    const [r, g, b] = pixel(target, 12, 0);
    expect(r).toBeGreaterThan(20);
    expect(r).toBeLessThan(80);
    expect([g, b]).toEqual([r, r]);
    expect(pixel(target, 60, 40)).toEqual([0, 0, 0]);
  });

  it('draws again after its GL objects were lost or the style rebuilt, and nothing once removed', async () => {
    const target = await blackMap();
    const layer = new DroneGlLayer(DRONE_LAYER, () => undefined);
    addDroneLayers(target, layer);
    const scene = new DroneScene();
    const now = Date.now();
    const frame = scene.update({
      now,
      cells: [aircraft('UAV1', now)],
      selected: null,
      toDisplay: identity,
      table: null,
      zoom: target.getZoom(),
    });
    layer.setInstances(frame.instances, frame.glideEnd, frame.hasSelected);
    const unkeep = keepDroneLayers(target, layer, () => scene.bubbles);
    await rendered(target);
    expectColour(pixel(target, 0, 0), STATUS_COLOURS.flying);

    // MapLibre rebuilds its style after a restore, without custom layers: ours must come back.
    // The layer's own half of a lost context: its GL objects are dropped and made anew.
    target.fire('webglcontextlost');
    target.fire('webglcontextrestored');
    await rendered(target);
    expectColour(pixel(target, 0, 0), STATUS_COLOURS.flying);

    // MapLibre's half: after a restore (or a basemap swap it cannot diff) it rebuilds the style
    // without custom layers, and ours must come back. Headless Chromium does not restore a context
    // lost through WEBGL_lose_context, so the rebuild is asked for directly.
    target.setStyle(target.getStyle(), { diff: false });
    await target.once('style.load');
    await rendered(target);
    expectColour(pixel(target, 0, 0), STATUS_COLOURS.flying);
    expect(target.getLayer(DRONE_LAYER)).toBeDefined();
    unkeep();
    removeDroneLayers(target);
    await rendered(target);
    expect(pixel(target, 0, 0)).toEqual([0, 0, 0]);
  });
});

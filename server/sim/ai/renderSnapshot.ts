/**
 * The simulated camera's snapshot of a detection: the synthetic aerial view under the aircraft, with
 * the detected object drawn exactly where the detection's box says, as a JPEG.
 */
import type { SnapshotScene } from '../../devices/simulatorHooks.ts';
import { renderAerialView } from '../camera/renderAerialView.ts';
import { drawDetectedObject } from './drawDetectedObject.ts';

/** Snapshot size, px: 16:9 like the main cameras, small enough to store thousands. */
export const SNAPSHOT_WIDTH = 960;
export const SNAPSHOT_HEIGHT = 540;
const JPEG_QUALITY = 82;

/** Renders the scene and encodes it as a JPEG. */
export async function renderSnapshot(scene: SnapshotScene): Promise<Uint8Array> {
  const canvas = renderAerialView({
    lat: scene.lat,
    lon: scene.lon,
    heightM: scene.heightM,
    yawDeg: scene.yawDeg,
    pitchDeg: -90,
    time: scene.time,
    label: scene.label,
    width: SNAPSHOT_WIDTH,
    height: SNAPSHOT_HEIGHT,
  });
  const ctx = canvas.getContext('2d');
  drawDetectedObject(ctx, scene.category, {
    x: scene.box.x * SNAPSHOT_WIDTH,
    y: scene.box.y * SNAPSHOT_HEIGHT,
    w: scene.box.w * SNAPSHOT_WIDTH,
    h: scene.box.h * SNAPSHOT_HEIGHT,
  });
  return new Uint8Array(await canvas.encode('jpeg', JPEG_QUALITY));
}

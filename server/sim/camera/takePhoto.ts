/**
 * The simulated camera's shutter: a synthetic aerial view of where the aircraft is (drawn by
 * `renderAerialView`), encoded as JPEG, with EXIF written. Small on purpose: a flight takes a few
 * photos and they sit in memory until landing.
 */
import { renderAerialView } from './renderAerialView.ts';
import { withPhotoExif } from './photoExif.ts';
import type { PhotoFacts } from './photoExif.ts';

/** Size of a simulated photo, px: 720p keeps a flight's photos a few hundred kB each. */
export const PHOTO_WIDTH = 1280;
export const PHOTO_HEIGHT = 720;
const JPEG_QUALITY = 82;

export interface PhotoShot extends PhotoFacts {
  /** Height above the take-off point, m. */
  heightM: number;
  /** Gimbal pitch, degrees (−90 straight down). */
  pitchDeg: number;
  label: string;
}

/** A JPEG of the view from `shot`, EXIF included. */
export async function takePhoto(shot: PhotoShot): Promise<Uint8Array> {
  const canvas = renderAerialView({
    lat: shot.lat,
    lon: shot.lon,
    heightM: shot.heightM,
    yawDeg: shot.yaw,
    pitchDeg: shot.pitchDeg,
    time: shot.time,
    label: shot.label,
    width: PHOTO_WIDTH,
    height: PHOTO_HEIGHT,
  });
  const jpeg = await canvas.encode('jpeg', JPEG_QUALITY);
  return withPhotoExif(new Uint8Array(jpeg), shot);
}

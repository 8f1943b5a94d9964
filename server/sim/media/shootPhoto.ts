import { takePhoto } from '../camera/takePhoto.ts';
import type { SimUnitDef } from '../fleet.ts';
import type { PhotoRequest, WaylineFlight } from '../waylineFlight.ts';

/** A photo shot during a task flight, waiting in memory for the upload after the flight. */
export interface Photo {
  request: PhotoRequest;
  time: number;
  jpeg: Promise<Uint8Array | null>;
}

/**
 * Shoots one `takePhoto` action of a task flight at `time`: the JPEG renders in the background, and
 * a photo that fails to render is null (the upload skips it).
 */
export function shootPhoto(
  def: SimUnitDef,
  flight: WaylineFlight,
  request: PhotoRequest,
  time: number,
): Photo {
  const home = def.homeHeight;
  const jpeg = takePhoto({
    lat: request.pos.lat,
    lon: request.pos.lng,
    altitude: home + request.height,
    yaw: request.yaw,
    time,
    make: 'DJI',
    model: def.aircraft.modelName,
    heightM: request.height,
    pitchDeg: request.pitch,
    label: `${def.aircraft.name} · ${flight.flightId.slice(0, 8)} · WP${String(request.point + 1)}`,
  }).catch(() => null);
  return { request, time, jpeg };
}

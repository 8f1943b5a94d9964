/**
 * EXIF of a simulated photo, as a DJI camera writes the essentials: make and model, the time it was
 * taken, GPS position and altitude, and the heading in `GPSImgDirection` (true north) — so the
 * library's EXIF fallback and any photo tool read the same facts as the upload callback carries.
 */
import { piexif } from './piexif.ts';

export interface PhotoFacts {
  lat: number;
  lon: number;
  /** Metres above sea level. */
  altitude: number;
  /** Degrees, −180…180, 0 = north. */
  yaw: number;
  /** ms since the epoch. */
  time: number;
  make: string;
  model: string;
}

const rational = (value: number, scale = 1000): [number, number] => [
  Math.round(Math.abs(value) * scale),
  scale,
];

/** `YYYY:MM:DD HH:MM:SS` in UTC: EXIF has no zone, and the simulator's clock is UTC. */
function exifTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
}

/** The JPEG with `facts` written into its EXIF. */
export function withPhotoExif(jpeg: Uint8Array, facts: PhotoFacts): Uint8Array {
  const { ImageIFD, ExifIFD, GPSIFD, GPSHelper } = piexif;
  const exif = piexif.dump({
    '0th': { [ImageIFD.Make]: facts.make, [ImageIFD.Model]: facts.model },
    Exif: { [ExifIFD.DateTimeOriginal]: exifTime(facts.time) },
    GPS: {
      [GPSIFD.GPSVersionID]: [2, 3, 0, 0],
      [GPSIFD.GPSLatitudeRef]: facts.lat >= 0 ? 'N' : 'S',
      [GPSIFD.GPSLatitude]: GPSHelper.degToDmsRational(Math.abs(facts.lat)),
      [GPSIFD.GPSLongitudeRef]: facts.lon >= 0 ? 'E' : 'W',
      [GPSIFD.GPSLongitude]: GPSHelper.degToDmsRational(Math.abs(facts.lon)),
      [GPSIFD.GPSAltitudeRef]: facts.altitude >= 0 ? 0 : 1,
      [GPSIFD.GPSAltitude]: rational(facts.altitude),
      [GPSIFD.GPSImgDirectionRef]: 'T',
      [GPSIFD.GPSImgDirection]: rational((facts.yaw + 360) % 360, 100),
    },
  });
  const binary = piexif.insert(exif, Buffer.from(jpeg).toString('binary'));
  return new Uint8Array(Buffer.from(binary, 'binary'));
}

import exifr from 'exifr';

/** What EXIF can add when a callback lacks it. */
export interface ExifFacts {
  lat: number | null;
  lon: number | null;
  altitude: number | null;
  yaw: number | null;
  shotAt: number | null;
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * `YYYY:MM:DD HH:MM:SS` read as UTC. EXIF carries no zone; reading it in the server's zone would
 * make the same photo's time depend on where the server runs.
 */
function exifTime(value: unknown): number | null {
  const m =
    typeof value === 'string'
      ? /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(value)
      : null;
  if (!m) return null;
  const ms = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
  return Number.isFinite(ms) ? ms : null;
}

/** Position, altitude, direction and time from a JPEG's EXIF; all null when it has none. */
export async function exifFacts(bytes: Uint8Array): Promise<ExifFacts> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(bytes, {
      gps: true,
      exif: true,
      tiff: true,
      xmp: false,
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    tags = undefined;
  }
  return {
    lat: finite(tags?.latitude),
    lon: finite(tags?.longitude),
    altitude: finite(tags?.GPSAltitude),
    yaw: finite(tags?.GPSImgDirection),
    shotAt: exifTime(tags?.DateTimeOriginal),
  };
}

/** Where a device is known to stand when nothing fresher says so. */
import type { Device } from '../../../protocol/http.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { positionOf } from './fields.ts';

/**
 * WGS-84 longitude and latitude from the device's merged telemetry, else the position the server
 * kept from its last report (docks send theirs only every few seconds, so a map opened a moment ago
 * draws them from there); `null` when neither knows.
 */
export function knownPosition(
  info: Device | null,
  live: DeviceTelemetry | null,
): [lng: number, lat: number] | null {
  const osd = positionOf(live);
  const lng = osd.num('longitude');
  const lat = osd.num('latitude');
  if (lng !== null && lat !== null) return [lng, lat];
  // Checked by type: a server from before these fields sends none at all.
  const kept = [info?.longitude, info?.latitude];
  return typeof kept[0] === 'number' && typeof kept[1] === 'number' ? [kept[0], kept[1]] : null;
}

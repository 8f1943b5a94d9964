/** A fleet-store cell of an aircraft with the given `osd`, as the map's scene reads one. */
import type { Device } from '../../../../protocol/http.ts';
import type { DeviceTelemetry, JsonObject } from '../../../../protocol/telemetry.ts';
import type { DeviceCell, Frozen } from '../../../../src/fleet/fleet.ts';

export function aircraftCell(sn: string, osd: JsonObject, at: number): DeviceCell {
  const live: DeviceTelemetry = {
    sn,
    gateway: null,
    ts: at,
    receivedAt: at,
    osd,
    state: {},
    task: null,
  };
  const info = { device_sn: sn, domain: 0, gateway_sn: null } as Device;
  return {
    info: info as Frozen<Device>,
    live: live as Frozen<DeviceTelemetry>,
    alarms: [] as unknown as Frozen<readonly never[]>,
  };
}

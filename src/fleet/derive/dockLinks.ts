/**
 * Which dock carries which aircraft. The device list says it (`gateway_sn` of the aircraft); before
 * the list knows, the telemetry does: the aircraft's envelope names its gateway, and a dock's
 * `sub_device` names its aircraft.
 */
import type { DeviceCell } from '../fleet.ts';
import { dockOsd } from './fields.ts';
import { kindOf } from './deviceState.ts';

/** The dock of an aircraft, or `null` (an aircraft flown from a remote controller has none). */
export function dockOf(sn: string, cells: Iterable<[string, DeviceCell]>): string | null {
  let gateway: string | null = null;
  for (const [other, cell] of cells) {
    if (other === sn) {
      gateway = cell.info?.gateway_sn ?? cell.live?.gateway ?? null;
      if (gateway === sn) gateway = null;
      continue;
    }
    if (
      kindOf(cell.info, cell.live) === 'dock' &&
      dockOsd(cell.live).str('sub_device.device_sn') === sn
    )
      return other;
  }
  return gateway;
}

/** The aircraft a dock carries, or `null`. */
export function aircraftOfDock(
  dockSn: string,
  cells: Iterable<[string, DeviceCell]>,
): string | null {
  let fromDock: string | null = null;
  for (const [sn, cell] of cells) {
    if (sn === dockSn) {
      fromDock = dockOsd(cell.live).str('sub_device.device_sn');
      continue;
    }
    if (kindOf(cell.info, cell.live) !== 'aircraft') continue;
    if (cell.info?.gateway_sn === dockSn || cell.live?.gateway === dockSn) return sn;
  }
  return fromDock;
}

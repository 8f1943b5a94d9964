/**
 * The dock and aircraft a cockpit opened with `?sn=` flies: either may be given. The device list
 * and telemetry say which is which (see the workbench's `dockLinks`).
 */
import { fleetEntries, useFleetSerials } from '../../fleet/fleet.ts';
import { kindOf } from '../../fleet/derive/deviceState.ts';
import { aircraftOfDock, dockOf } from '../../fleet/derive/dockLinks.ts';

export interface DockPair {
  dock: string | null;
  aircraft: string | null;
}

export function useDockPair(sn: string | null): DockPair {
  useFleetSerials();
  if (sn === null) return { dock: null, aircraft: null };
  const cell = [...fleetEntries()].find(([other]) => other === sn)?.[1];
  if (cell === undefined) return { dock: null, aircraft: null };
  if (kindOf(cell.info, cell.live) === 'dock') {
    return { dock: sn, aircraft: aircraftOfDock(sn, fleetEntries()) };
  }
  return { dock: dockOf(sn, fleetEntries()), aircraft: sn };
}

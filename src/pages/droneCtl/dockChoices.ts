/**
 * The docks a bare /drone_ctl offers: every dock of the project's device list, those that can be
 * flown now (online, with an aircraft) first. The cockpit flies a dock's aircraft, so a dock without
 * one, or one that is not talking, is listed with the reason rather than hidden: the user learns why
 * the dock they came for cannot be opened.
 */
import type { DeviceCell } from '../../state/fleet.ts';
import { aircraftOfDock } from '../../telemetry/dockLinks.ts';
import { isLive, vitalsOf } from '../../telemetry/deviceStatus.ts';
import { kindOf } from '../../telemetry/fleetCounts.ts';

/** Why a dock can or cannot be flown from the cockpit now. */
export type DockReadiness = 'ready' | 'offline' | 'noAircraft';

/** One dock of the picker. */
export interface DockChoice {
  dockSn: string;
  dockName: string;
  aircraftSn: string | null;
  aircraftName: string | null;
  readiness: DockReadiness;
}

const RANK: Readonly<Record<DockReadiness, number>> = { ready: 0, noAircraft: 1, offline: 2 };

/** Online: heard within the online window, or (not heard yet in this tab) listed online. */
function online(cell: DeviceCell, now: number): boolean {
  return cell.live === null ? (cell.info?.online ?? false) : isLive(vitalsOf(cell.live), now);
}

/** The docks among `cells` with their aircraft and readiness, ready ones first, then by name. */
export function dockChoices(cells: Iterable<[string, DeviceCell]>, now: number): DockChoice[] {
  const all = [...cells];
  const names = new Map(all.map(([sn, cell]) => [sn, cell.info?.name ?? sn]));
  const choices = all.flatMap(([sn, cell]): DockChoice[] => {
    if (kindOf(cell.info, cell.live) !== 'dock') return [];
    const aircraftSn = aircraftOfDock(sn, all);
    const readiness: DockReadiness = !online(cell, now)
      ? 'offline'
      : aircraftSn === null
        ? 'noAircraft'
        : 'ready';
    return [
      {
        dockSn: sn,
        dockName: cell.info?.name ?? sn,
        aircraftSn,
        aircraftName: aircraftSn === null ? null : (names.get(aircraftSn) ?? aircraftSn),
        readiness,
      },
    ];
  });
  return choices.sort(
    (a, b) =>
      RANK[a.readiness] - RANK[b.readiness] || a.dockName.localeCompare(b.dockName, 'zh-CN'),
  );
}

/**
 * The docks a bare /drone_ctl offers: every dock of the project's device list, those that can be
 * flown now (online, with an aircraft) first. The cockpit flies a dock's aircraft, so a dock without
 * one, or one that is not talking, is listed with the reason rather than hidden: the user learns why
 * the dock they came for cannot be opened.
 */
import type { DeviceCell } from '../../fleet/fleet.ts';
import { aircraftOfDock } from '../../fleet/derive/dockLinks.ts';
import { judgeDevice } from '../../fleet/derive/deviceState.ts';
import { freshVitals } from '../../fleet/table/fleetPositions.ts';

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

/** The dock's judgement at `now` (online: heard lately, or, before it is heard, listed online). */
const judged = (cell: DeviceCell, now: number) =>
  judgeDevice(cell, cell.live === null ? null : freshVitals(cell.live), now);

/** The docks among `cells` with their aircraft and readiness, ready ones first, then by name. */
export function dockChoices(cells: Iterable<[string, DeviceCell]>, now: number): DockChoice[] {
  const all = [...cells];
  const names = new Map(all.map(([sn, cell]) => [sn, cell.info?.name ?? sn]));
  const choices = all.flatMap(([sn, cell]): DockChoice[] => {
    const { kind, online } = judged(cell, now);
    if (kind !== 'dock') return [];
    const aircraftSn = aircraftOfDock(sn, all);
    const readiness: DockReadiness = !online
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

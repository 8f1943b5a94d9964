/**
 * Each device's judgement as of the last recount, which follows the worker's frames (at most every
 * `RECOUNT_MS`) and runs every second besides (silence is news). The list, the panels and the
 * counters read it here instead of judging again. A reader in React gets one proxy per device, made
 * when first asked for: a list row re-renders only when its own device's kind or status changes,
 * and the thousands of devices nobody shows in detail cost one comparison per recount, no proxy
 * write.
 */
import { proxy, useSnapshot } from 'valtio';
import { clock } from '../../lib/clock.ts';
import { judgeDevice } from '../derive/deviceState.ts';
import type { DeviceState } from '../derive/deviceState.ts';
import type { DeviceVitals } from '../derive/deviceStatus.ts';
import { EMPTY_COUNTS, tallyDevice } from '../derive/fleetCounts.ts';
import type { FleetCounts } from '../derive/fleetCounts.ts';
import { freshVitals } from '../table/fleetPositions.ts';
import type { DeviceCell } from './deviceCells.ts';
import { fleetEntries, heldCell } from './deviceCells.ts';

/** The latest judgement of each device. */
const judged = new Map<string, DeviceState>();
/** The same, as proxies, for the devices some component reads. */
const shown = new Map<string, DeviceState>();

const UNHEARD: DeviceState = { kind: 'unknown', online: false, status: 'offline', drone: null };

/** The newest vitals the tab has of a device: the worker's table row or its merged telemetry. */
const vitalsOf = (cell: DeviceCell): DeviceVitals | null =>
  cell.live === null ? null : freshVitals(cell.live);

const same = (a: DeviceState, b: DeviceState): boolean =>
  a.kind === b.kind && a.online === b.online && a.status === b.status && a.drone === b.drone;

/** Judges every device at `now`, keeps each judgement, and counts the fleet from them. */
export function judgeFleet(now: number): FleetCounts {
  const counts = { ...EMPTY_COUNTS };
  for (const [sn, cell] of fleetEntries()) {
    const vitals = vitalsOf(cell);
    const next = judgeDevice(cell, vitals, now);
    const prev = judged.get(sn);
    if (prev === undefined || !same(prev, next)) {
      judged.set(sn, next);
      const proxied = shown.get(sn);
      if (proxied !== undefined) Object.assign(proxied, next);
    }
    // A cell a reader asked for before the device was listed or heard is nobody's device yet.
    if (cell.info !== null || cell.live !== null)
      tallyDevice(counts, next, vitals, cell.alarms.length);
  }
  return counts;
}

/** Forgets the judgement of every device `kept` refuses (they left the watched fleet). */
export function forgetStates(kept: (sn: string) => boolean): void {
  for (const sn of [...judged.keys()]) if (!kept(sn)) judged.delete(sn);
  for (const sn of [...shown.keys()]) if (!kept(sn)) shown.delete(sn);
}

/** The judgement of `sn` as of the last recount, without subscribing. */
export function deviceState(sn: string): DeviceState {
  return judged.get(sn) ?? UNHEARD;
}

function shownState(sn: string): DeviceState {
  let state = shown.get(sn);
  if (state === undefined) {
    const cell = heldCell(sn);
    // Not judged yet (the component came before the first recount): judged now, not guessed.
    const first =
      judged.get(sn) ??
      (cell === undefined ? UNHEARD : judgeDevice(cell, vitalsOf(cell), clock.now()));
    state = proxy({ ...first });
    shown.set(sn, state);
  }
  return state;
}

/** The judgement of `sn` as of the last recount; re-renders only when it changes. */
export function useDeviceState(sn: string): DeviceState {
  return useSnapshot(shownState(sn));
}

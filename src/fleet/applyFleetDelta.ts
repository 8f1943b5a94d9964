import type { DeviceDelta, DeviceTelemetry, FleetDelta } from '../../protocol/telemetry.ts';
import { fleetPositionTable, setFleetPositions } from './table/fleetPositions.ts';
import type { MapFrame } from './table/fleetPositions.ts';
import { historyPoint } from './derive/history.ts';
import { applyAlarmEvents } from './store/alarmFeed.ts';
import { deviceCell, frozen } from './store/deviceCells.ts';
import { historyOf, recordHistories } from './store/deviceHistories.ts';
import { recountForFrame } from './store/fleetCounters.ts';
import { emitEvents, emitFrame } from './store/frameListeners.ts';
import { setLinkStats } from './store/telemetryLink.ts';
import { isWatched } from './store/watchedSerials.ts';

/**
 * Applies one worker delta: the map's table, every device's merged state, the alarms, the counters,
 * then the frame. The worker always sends its table; a stand-in worker (tests) may not. A table-only
 * frame moves the map and nothing else: the histories, counters and link figures follow the detail
 * frames, which come at their own rhythm, so the fast table costs the main thread next to nothing.
 */
export function applyFleetDelta(delta: FleetDelta & { map?: MapFrame; tableOnly?: boolean }): void {
  if (delta.map !== undefined) setFleetPositions(delta.map);
  if (delta.tableOnly === true) {
    emitFrame([]);
    return;
  }
  const devices = delta.devices.filter((change) => isWatched(change.sn));
  // Read once per frame: the history's source for every device below.
  const table = fleetPositionTable();
  for (const change of devices) applyDevice(change, table === null);
  if (table !== null) recordHistories(table);
  emitEvents(delta.events);
  applyAlarmEvents(delta.events);
  setLinkStats(delta.stats);
  recountForFrame();
  emitFrame(devices.map((change) => change.sn));
}

/** Merges one device's change into its telemetry, replacing the stored object whole. */
function applyDevice(change: DeviceDelta, recordHistory: boolean): void {
  const cell = deviceCell(change.sn);
  const prev = cell.live;
  const next: DeviceTelemetry = {
    sn: change.sn,
    gateway: change.gateway ?? prev?.gateway ?? null,
    ts: change.ts,
    receivedAt: change.receivedAt,
    osd: change.osd === undefined ? (prev?.osd ?? {}) : { ...prev?.osd, ...change.osd },
    state: change.state === undefined ? (prev?.state ?? {}) : { ...prev?.state, ...change.state },
    task: change.task ?? prev?.task ?? null,
  };
  cell.live = frozen(next);
  // Without the worker's table (a stand-in worker) the merged telemetry is the history's source.
  if (recordHistory) {
    const point = historyPoint(next);
    if (point !== null) historyOf(change.sn).record(point);
  }
}

/**
 * The live fleet on the main thread. Each device is its own valtio proxy, so a component reading one
 * device re-renders only when that device changes; its merged telemetry is replaced as one `ref`'d
 * object per frame (one proxy write per device, no deep proxying of osd fields). Non-React readers
 * (the map) subscribe to frames instead of to the proxies.
 *
 * The room's parts:
 * - `store/`: the device cells, their histories, the alarm feed, the counters, the link state, the
 *   frame listeners and the writers (device list, watched set); valtio is used here and in the hooks;
 * - `applyFleetDelta.ts`: the one call the telemetry bridge makes per worker frame;
 * - `table/`: the worker's typed-array table (positions and the few fields every device sends);
 * - `derive/`: what is read off one device (kind, vitals, status, alarms, dock links, history);
 * - `interest.ts`: which devices the screen shows in detail, which the bridge tells the worker;
 * - `load/`: the device list from the API.
 *
 * The stores are reached through this module; the telemetry link (`src/telemetry`) imports nothing
 * of the fleet but this module, and the fleet imports nothing of the link.
 */
export { setActiveAlarms } from './store/activeAlarms.ts';
export { alarmFeed, useAlarmFeed } from './store/alarmFeed.ts';
export { applyFleetDelta } from './applyFleetDelta.ts';
export type { DeviceCell, Frozen } from './store/deviceCells.ts';
export {
  deviceCell,
  fleetEntries,
  fleetTelemetry,
  listedSerials,
  onFleetIndexChange,
} from './store/deviceCells.ts';
export {
  aircraftHistories,
  fillHistory,
  heldHistory,
  historyOf,
  onHistoryFill,
  useHistoryFill,
} from './store/deviceHistories.ts';
export {
  useDeviceAlarms,
  useDeviceInfo,
  useDeviceTelemetry,
  useFleetSerials,
} from './deviceHooks.ts';
export { deviceState, useDeviceState } from './store/deviceStates.ts';
export {
  fleetCounts,
  RECOUNT_MS,
  refreshFleetCounts,
  useFleetCounts,
} from './store/fleetCounters.ts';
export { resetFleet, setFleetDevices, setWatchedSerials } from './store/fleetMembership.ts';
export type { EventsListener, FrameListener } from './store/frameListeners.ts';
export { onFleetEvents, onFleetFrame } from './store/frameListeners.ts';
export { setLinkState, useTelemetryLink } from './store/telemetryLink.ts';
export type { DeviceHistory, HistoryPoint } from './derive/history.ts';
export { HISTORY_SPAN_MS, HISTORY_STEP_MS } from './derive/history.ts';
export { interestSerials, LARGE_FLEET, onInterestChange } from './interest.ts';
export { resetFleetPositions } from './table/fleetPositions.ts';

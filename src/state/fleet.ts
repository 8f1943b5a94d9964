/**
 * The live fleet on the main thread. Each device is its own valtio proxy, so a component reading one
 * device re-renders only when that device changes; its merged telemetry is replaced as one `ref`'d
 * object per frame (one proxy write per device, no deep proxying of osd fields). Non-React readers
 * (the map) subscribe to frames instead of to the proxies.
 *
 * The parts live in `fleet/`: the device cells, their histories, the alarm feed, the counters, the
 * worker link, the frame listeners, and the writers (worker deltas, device list, watched set). This
 * module is the one door the rest of the console imports them through.
 */
export { setActiveAlarms } from './fleet/activeAlarms.ts';
export { alarmFeed, useAlarmFeed } from './fleet/alarmFeed.ts';
export { applyFleetDelta } from './fleet/applyFleetDelta.ts';
export type { DeviceCell, Frozen } from './fleet/deviceCells.ts';
export {
  deviceCell,
  fleetEntries,
  fleetTelemetry,
  listedSerials,
  onFleetIndexChange,
} from './fleet/deviceCells.ts';
export {
  aircraftHistories,
  fillHistory,
  heldHistory,
  historyOf,
  onHistoryFill,
  useHistoryFill,
} from './fleet/deviceHistories.ts';
export {
  useDeviceAlarms,
  useDeviceInfo,
  useDeviceTelemetry,
  useFleetSerials,
} from './fleet/deviceHooks.ts';
export { fleetCounts, refreshFleetCounts, useFleetCounts } from './fleet/fleetCounters.ts';
export { resetFleet, setFleetDevices, setWatchedSerials } from './fleet/fleetMembership.ts';
export type { EventsListener, FrameListener } from './fleet/frameListeners.ts';
export { onFleetEvents, onFleetFrame } from './fleet/frameListeners.ts';
export { setLinkState, useTelemetryLink } from './fleet/telemetryLink.ts';

/**
 * What the gas feature keeps in memory for one app: created once by the composition root
 * (`AppDeps.gas`) and handed both to MQTT ingestion, which fills it, and to the routes that must
 * reach the same instance (a threshold save drops the cache ingestion reads).
 */
import type { GasStats } from './acceptGasReading.ts';
import type { DeviceContexts } from './deviceContext.ts';
import type { CrossingStates } from './gasAlarms.ts';
import { createThresholdCache } from './gasThresholds.ts';
import type { ThresholdCache } from './gasThresholds.ts';
import type { LastPositions } from './lastPosition.ts';

export interface GasState {
  /** Readings stored and dropped by ingestion. */
  stats: GasStats;
  /** Each device's project and current flight, re-read every few seconds. */
  devices: DeviceContexts;
  /** Each device's gases above caution, so a crossing raises one alarm. */
  alarms: CrossingStates;
  /** The projects' thresholds as ingestion last read them. */
  thresholds: ThresholdCache;
  /** Where each aircraft's newest positioned reading placed it. */
  positions: LastPositions;
}

/** An empty state, for one app (or one sink of a test). */
export function createGasState(): GasState {
  return {
    stats: { stored: 0, malformed: 0, logged: false },
    devices: new Map(),
    alarms: new Map(),
    thresholds: createThresholdCache(),
    positions: new Map(),
  };
}

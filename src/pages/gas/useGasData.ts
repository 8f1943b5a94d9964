/**
 * What the page shows, loaded from the API: the devices and flights to pick from, the project's
 * thresholds, the readings of the selection (downsampled by the server for long ranges), the source
 * estimate of the chosen gas, and each device's newest reading for the gauges — read once, then
 * kept current by the readings the devices push (their `gas_reading` events on the tab's MQTT link,
 * the newest per device each frame).
 */
import { useCallback, useEffect, useState } from 'react';
import type {
  GasChannel,
  GasDevice,
  GasFlight,
  GasPoint,
  GasReadingsAnswer,
  GasSourceEstimate,
  GasThreshold,
} from '../../../protocol/gas.ts';
import { DEFAULT_THRESHOLDS } from '../../../protocol/gas.ts';
import { gasPointOf } from '../../../protocol/gasReading.ts';
import type { Query } from '../../api/createClient.ts';
import {
  fetchGasLatest,
  fetchGasReadings,
  fetchGasSource,
  fetchGasThresholds,
  listGasDevices,
  listGasFlights,
} from '../../api/gas.ts';
import { clock } from '../../lib/clock.ts';
import { onFleetEvents } from '../../fleet/fleet.ts';
import { useTelemetryKinds } from '../../telemetry/telemetryKinds.ts';
import { mergeLatest } from './latestReadings.ts';

export const RANGES = {
  h1: 3_600_000,
  h6: 6 * 3_600_000,
  d1: 86_400_000,
  d7: 7 * 86_400_000,
  d30: 30 * 86_400_000,
} as const;
export type RangeKey = keyof typeof RANGES;

/** A "last N" range follows the present this often. */
const RANGE_REFRESH_MS = 30_000;

export interface Selection {
  devices: string[];
  flight: number | null;
  /** A span ending now, or `custom`: from `from` to `to`. */
  range: RangeKey | 'custom';
  /** ms since epoch, for a custom range. */
  from: number | null;
  to: number | null;
  gas: GasChannel;
}

const NOTHING: GasReadingsAnswer = { points: [], bucket_s: 0, total: 0 };

type Window = Pick<Selection, 'flight' | 'range' | 'from' | 'to'>;

/** Whether a custom range can be asked for: both ends, in order. */
export const customRangeValid = (s: Pick<Selection, 'from' | 'to'>) =>
  s.from !== null && s.to !== null && s.from < s.to;

/** The readings query's time or flight part, or null when the custom range is incomplete. */
function windowOf(s: Window): Query | null {
  if (s.flight !== null) return { execution_id: s.flight };
  if (s.range === 'custom')
    return customRangeValid(s)
      ? { from: new Date(s.from ?? 0).toISOString(), to: new Date(s.to ?? 0).toISOString() }
      : null;
  const to = clock.now();
  return { from: new Date(to - RANGES[s.range]).toISOString(), to: new Date(to).toISOString() };
}

export function useGasData(workspaceId: number | undefined, selection: Selection) {
  const [devices, setDevices] = useState<GasDevice[] | null>(null);
  const [flights, setFlights] = useState<GasFlight[]>([]);
  const [thresholds, setThresholds] = useState<GasThreshold[]>([...DEFAULT_THRESHOLDS]);
  const [answer, setAnswer] = useState<GasReadingsAnswer | null>(null);
  const [source, setSource] = useState<GasSourceEstimate | null>(null);
  const [latest, setLatest] = useState<GasPoint[]>([]);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    const scope: Query = { workspace_id: workspaceId };
    void listGasDevices(scope).then(setDevices, () => setDevices([]));
    void listGasFlights(scope).then(setFlights, () => setFlights([]));
    void fetchGasThresholds(scope).then(setThresholds, () => undefined);
  }, [workspaceId, tick]);

  const deviceList = selection.devices.join(',');
  const { flight, range, from, to, gas } = selection;
  useEffect(() => {
    const window = windowOf({ flight, range, from, to });
    if (window === null) return;
    const query: Query = { workspace_id: workspaceId, device_sn: deviceList, ...window };
    let live = true;
    void fetchGasReadings(query).then(
      (a) => live && setAnswer(a),
      () => live && setAnswer({ points: [], bucket_s: 0, total: 0 }),
    );
    void fetchGasSource({ ...query, gas }).then(
      (s) => live && setSource(s),
      () => live && setSource(null),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, deviceList, flight, range, from, to, gas, tick]);

  // A range that ends now moves with the clock; a flight or a custom range is history.
  useEffect(() => {
    if (flight !== null || range === 'custom') return;
    return clock.setInterval(refresh, RANGE_REFRESH_MS);
  }, [flight, range, refresh]);

  // With no device chosen the gauges follow every device that has reported.
  const reporting = (devices ?? []).filter((d) => d.last_ts !== null).map((d) => d.device_sn);
  const gaugeList = deviceList === '' ? reporting.slice(0, 20).join(',') : deviceList;
  useEffect(() => {
    if (gaugeList === '') return;
    const keep = new Set(gaugeList.split(','));
    let live = true;
    void fetchGasLatest({ workspace_id: workspaceId, device_sn: gaugeList }).then(
      (read) => live && setLatest((prev) => mergeLatest(prev, read, keep)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [workspaceId, gaugeList]);

  // Pushed readings: chosen devices only, or any device of the project when none is chosen.
  useTelemetryKinds(['gas_reading']);
  useEffect(() => {
    const keep = deviceList === '' ? null : new Set(deviceList.split(','));
    return onFleetEvents((events) => {
      const points: GasPoint[] = [];
      for (const e of events) {
        if (e.kind !== 'gas_reading' || (keep !== null && !keep.has(e.sn))) continue;
        const point = gasPointOf(e.sn, e.ts, e.data);
        if (point) points.push(point);
      }
      if (points.length > 0) setLatest((prev) => mergeLatest(prev, points, keep));
    });
  }, [deviceList]);

  // An incomplete custom range asks for nothing and shows nothing.
  const incomplete = flight === null && range === 'custom' && !customRangeValid({ from, to });
  return {
    devices,
    flights,
    thresholds,
    setThresholds,
    answer: incomplete ? NOTHING : answer,
    source: incomplete ? null : source,
    latest,
    refresh,
  };
}

/** Calls of the smell-sensing API (`protocol/gas.ts`). */
import type {
  GasDevice,
  GasFlight,
  GasPoint,
  GasReadingsAnswer,
  GasSourceEstimate,
  GasThreshold,
} from '../../protocol/gas.ts';
import { GAS_API } from '../../protocol/gas.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

export const listGasDevices = (query: Query) => http.get<GasDevice[]>(GAS_API.devices, query);
export const listGasFlights = (query: Query) => http.get<GasFlight[]>(GAS_API.flights, query);
export const fetchGasReadings = (query: Query) =>
  http.get<GasReadingsAnswer>(GAS_API.readings, query);
export const fetchGasLatest = (query: Query) => http.get<GasPoint[]>(GAS_API.latest, query);
export const fetchGasSource = (query: Query) =>
  http.get<GasSourceEstimate | null>(GAS_API.source, query);
export const fetchGasThresholds = (query: Query) =>
  http.get<GasThreshold[]>(GAS_API.thresholds, query);
export const saveGasThresholds = (body: { workspace_id?: number; thresholds: GasThreshold[] }) =>
  http.post<GasThreshold[]>(GAS_API.thresholdsSave, body);

/**
 * The gas readings of one flight, for its report: every reading (downsampled by the server for a
 * long flight), the project's thresholds, the gas that came nearest its limit, and the estimate of
 * that gas's source. Nothing is asked of a user whose menus do not hold the smell-sensing page
 * (the server would refuse them the readings).
 */
import { useEffect, useState } from 'react';
import type {
  GasChannel,
  GasReadingsAnswer,
  GasSourceEstimate,
  GasThreshold,
} from '../../../protocol/gas.ts';
import { DEFAULT_THRESHOLDS, GAS_CHANNELS } from '../../../protocol/gas.ts';
import { fetchGasReadings, fetchGasSource, fetchGasThresholds } from '../../api/gas.ts';
import { thresholdOf } from '../../components/GasViews/gasLevels.ts';
import { permittedRoutes } from '../../app/shellApi.ts';
import { useAccountState } from '../../state/account.ts';

export interface FlightGas {
  answer: GasReadingsAnswer;
  thresholds: GasThreshold[];
  /** The gas whose peak came nearest (or furthest past) its caution level. */
  gas: GasChannel;
  source: GasSourceEstimate | null;
}

/** The channel with the highest peak relative to its caution level. */
function headlineGas(answer: GasReadingsAnswer, thresholds: readonly GasThreshold[]): GasChannel {
  let best: GasChannel = 'ch4';
  let score = -1;
  for (const gas of GAS_CHANNELS) {
    const caution = thresholdOf(thresholds, gas).caution;
    for (const p of answer.points) {
      const v = p[gas];
      if (v === null) continue;
      const s = v / Math.max(caution, 1e-9);
      if (s > score) [best, score] = [gas, s];
    }
  }
  return best;
}

/**
 * The flight's readings with the project's thresholds, the headline gas and its source estimate;
 * null when the flight has no readings. Shared by the page's section and the flight's PDF report.
 */
export async function loadFlightGas(
  workspaceId: number,
  executionId: number,
): Promise<FlightGas | null> {
  const scope = { workspace_id: workspaceId };
  const answer = await fetchGasReadings({ ...scope, execution_id: executionId });
  if (answer.points.length === 0) return null;
  const thresholds = await fetchGasThresholds(scope).catch(() => [...DEFAULT_THRESHOLDS]);
  const gas = headlineGas(answer, thresholds);
  const source = await fetchGasSource({ ...scope, execution_id: executionId, gas }).catch(
    () => null,
  );
  return { answer, thresholds, gas, source };
}

/**
 * The flight's smell data, or null while loading, without readings or without the page.
 * Read again when `version` changes (the flight's detail moved on while it flies).
 */
export function useFlightGas(
  workspaceId: number,
  executionId: number,
  version: number,
): FlightGas | null {
  const { menus } = useAccountState();
  const allowed = permittedRoutes(menus).some((route) => route.path === '/linxiu');
  const [data, setData] = useState<FlightGas | null>(null);
  useEffect(() => {
    if (!allowed) return;
    const run = { live: true };
    loadFlightGas(workspaceId, executionId)
      .then((loaded) => {
        if (run.live && loaded !== null) setData(loaded);
      })
      .catch(() => undefined);
    return () => {
      run.live = false;
    };
  }, [allowed, workspaceId, executionId, version]);
  return allowed && data !== null ? data : null;
}

import { proxy, ref, useSnapshot } from 'valtio';
import type { ConnectionState, CoreStats } from '../../../protocol/telemetry.ts';

const link = proxy({ state: 'idle' as ConnectionState, stats: null as CoreStats | null });

/** Records the worker connection state (the bridge is the only writer). */
export function setLinkState(state: ConnectionState): void {
  link.state = state;
}

/** Records the worker's statistics sent with a delta. */
export function setLinkStats(stats: CoreStats): void {
  link.stats = ref({ ...stats });
}

/** The telemetry connection's state, for the top-bar indicator. */
export function useTelemetryLink(): { state: ConnectionState; stats: CoreStats | null } {
  return useSnapshot(link);
}

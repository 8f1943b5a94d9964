/**
 * The workbench's device list: every device of the current project, loaded into the fleet store
 * (which the telemetry bridge watches) with a loading, ready or error state for the page.
 */
import { useCallback, useEffect, useState } from 'react';
import { listActiveAlarms } from '../../api/alarms.ts';
import { listDevices } from '../../api/devices.ts';
import { useAccountState } from '../../state/account.ts';
import { setActiveAlarms, setFleetDevices } from '../fleet.ts';
import { fromRecord } from '../derive/alarms.ts';
import { loadFleetDevices } from './loadFleetDevices.ts';

export type FleetLoad =
  | { status: 'loading' }
  | { status: 'ready'; count: number }
  | { status: 'error'; message: string }
  | { status: 'no-workspace' };

/** Loads the current project's devices; `retry` loads them again. */
export function useFleetDevices(): { load: FleetLoad; retry: () => void } {
  const workspace = useAccountState().workspace;
  const workspaceId = workspace?.id ?? null;
  const mold = workspace?.mold_id ?? null;
  const [attempt, setAttempt] = useState(0);
  // The answer remembers which request it belongs to: until the current one answers, it is loading.
  const request = `${String(workspaceId)}#${String(attempt)}`;
  const [answer, setAnswer] = useState<{ request: string; load: FleetLoad } | null>(null);

  useEffect(() => {
    if (workspaceId === null || mold === null) return;
    let cancelled = false;
    const workspace = { id: workspaceId, name: '', mold_id: mold };
    loadFleetDevices(listDevices, workspace).then(
      (devices) => {
        if (cancelled) return;
        setFleetDevices(devices);
        setAnswer({ request, load: { status: 'ready', count: devices.length } });
        // Alarms raised before the console opened are still active: read them once, then MQTT
        // keeps them current. Without them the workbench shows none until each one changes.
        listActiveAlarms(workspace).then(
          (records) => {
            if (!cancelled) setActiveAlarms(records.map(fromRecord));
          },
          () => undefined,
        );
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (!cancelled) setAnswer({ request, load: { status: 'error', message } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [workspaceId, mold, request]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (workspaceId === null) return { load: { status: 'no-workspace' }, retry };
  return { load: answer?.request === request ? answer.load : { status: 'loading' }, retry };
}

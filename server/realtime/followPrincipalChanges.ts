import type { AppDeps } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import type { RunningClients } from './runningClients.ts';

/**
 * Committed changes of users, roles, devices and projects reach the open connections at once, and
 * ingestion knows a device registered a moment ago from its first message on. Returns the stop.
 */
export function followPrincipalChanges(
  deps: AppDeps,
  running: RunningClients,
  log: Log,
): () => void {
  return deps.events.onChange((change) => {
    void running.broker?.changed(change);
    if (change.kind === 'device' || change.kind === 'workspace')
      running.ingestion?.devicesChanged().catch((error: unknown) => {
        log.error(`ingestion could not re-read the devices: ${String(error)}`);
      });
    if (change.kind === 'device') void running.mosquitto?.deviceChanged(change.sn);
  });
}

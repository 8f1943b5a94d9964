/**
 * The one place the console starts the telemetry worker. Returns the comlink proxy typed from the
 * worker file and a `dispose` that releases the proxy and terminates the worker.
 */
import { releaseProxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { TelemetryWorkerApi } from '../../workers/api.ts';

export interface TelemetryWorkerHandle {
  remote: Remote<TelemetryWorkerApi>;
  dispose: () => void;
}

/** Starts the telemetry worker (a module worker so Vite bundles its imports). */
export function createTelemetryWorker(): TelemetryWorkerHandle {
  const worker = new Worker(new URL('../../workers/telemetry.worker.ts', import.meta.url), {
    type: 'module',
    name: 'skydeck-telemetry',
  });
  const remote = wrap<TelemetryWorkerApi>(worker);
  return {
    remote,
    dispose: () => {
      remote[releaseProxy]();
      worker.terminate();
    },
  };
}

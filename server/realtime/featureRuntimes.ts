/**
 * The features that reach the devices from inside the realtime extension: the task engine, the media
 * pipeline and the custom flight area sync. Their `requests` answers are registered with the others,
 * and they start once the device gateway is open and stop before it closes.
 */
import { airspaceRuntime } from '../airspace/airspaceRuntime.ts';
import type { AppDeps } from '../http/context.ts';
import { mediaRuntime } from '../media/mediaRuntime.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import type { Log } from '../runtime/log.ts';
import { taskRuntime } from '../tasks/startTasks.ts';

export interface FeatureRuntimes {
  /** `httpBase` is where the server listens: docks fetch task files and media settings there. */
  start(httpBase: string): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the features' runtimes and registers their `requests` answers on `requests`. */
export function featureRuntimes(
  deps: AppDeps,
  log: Log,
  requests: RequestRegistry,
): FeatureRuntimes {
  const tasks = taskRuntime(deps, log);
  tasks.register(requests);
  const media = mediaRuntime(deps, log);
  media.register(requests);
  const airspace = airspaceRuntime(deps, log);
  airspace.register(requests);
  return {
    async start(httpBase) {
      await tasks.start(httpBase);
      media.start(httpBase);
      airspace.start(httpBase);
    },
    async stop() {
      await tasks.stop();
      await media.stop();
      await airspace.stop();
    },
  };
}

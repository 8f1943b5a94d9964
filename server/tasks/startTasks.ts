/**
 * The task engine inside the realtime extension: its `flighttask_resource_get` answer is registered
 * with the other requests, and the engine itself starts on the device gateway once it is open.
 */
import type { AppDeps } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { realScheduler } from '../runtime/scheduler.ts';
import { signedFileUrl } from './fileSignature.ts';
import { engineLink } from './engineLink.ts';
import { registerResourceRequest } from './resourceRequest.ts';
import { startTaskEngine } from './taskEngine.ts';

export interface TaskRuntime {
  /** Registers the engine's request answers; call before ingestion starts. */
  register(requests: RequestRegistry): void;
  /** Starts the engine on the app's device gateway; `httpBase` is the listen address. */
  start(httpBase: string): Promise<void>;
  stop(): Promise<void>;
}

/** The engine's lifecycle for one app. */
export function taskRuntime(deps: AppDeps, log: Log): TaskRuntime {
  let base = deps.config.publicUrl ?? '';
  const fileUrl = (flightId: string) =>
    signedFileUrl(deps.tokenSecret, base, flightId, realScheduler.now());
  let stopAll: (() => Promise<void>) | null = null;
  return {
    register: (requests) => registerResourceRequest(requests, deps.db, fileUrl),
    start(httpBase) {
      base = deps.config.publicUrl ?? httpBase;
      const link = engineLink(deps.devices);
      const engine = startTaskEngine({
        db: deps.db,
        link,
        log,
        scheduler: realScheduler,
        fileUrl,
        silenceMs: deps.config.taskSilenceSeconds * 1000,
        minBattery: deps.config.taskMinBattery,
        storage: deps.storage,
        notifier: deps.notifier,
        // Over the gateway's connection, like the docks' services: one link to the broker.
        publishRun: (topic, update) => deps.devices.publish(topic, update),
      });
      deps.tasks.set(engine);
      stopAll = async () => {
        deps.tasks.set(null);
        await engine.stop();
        await link.close();
      };
      return Promise.resolve();
    },
    async stop() {
      await stopAll?.();
      stopAll = null;
    },
  };
}

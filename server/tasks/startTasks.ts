/**
 * The task engine inside the realtime extension: its `flighttask_resource_get` answer is registered
 * with the other requests, and the engine itself starts once the broker is reachable.
 */
import type { AppDeps } from '../http/context.ts';
import type { Log } from '../mqtt/log.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { realScheduler } from '../mqtt/scheduler.ts';
import { setTaskEngine } from './engineRegistry.ts';
import { signedFileUrl } from './fileSignature.ts';
import { startMqttDeviceLink } from './mqttDeviceLink.ts';
import { registerResourceRequest } from './resourceRequest.ts';
import { startTaskEngine } from './taskEngine.ts';

/** How long a service waits for its `services_reply`, ms. */
const REPLY_TIMEOUT_MS = 15_000;

export interface TaskRuntime {
  /** Registers the engine's request answers; call before ingestion starts. */
  register(requests: RequestRegistry): void;
  /** Starts the engine on the broker at `url`; `httpBase` is the listen address. */
  start(
    broker: { url: string; username: string; password: string },
    httpBase: string,
  ): Promise<void>;
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
    async start(broker, httpBase) {
      base = deps.config.publicUrl ?? httpBase;
      const link = await startMqttDeviceLink({ ...broker, log, replyTimeoutMs: REPLY_TIMEOUT_MS });
      const engine = startTaskEngine({
        db: deps.db,
        link,
        log,
        scheduler: realScheduler,
        fileUrl,
        silenceMs: deps.config.taskSilenceSeconds * 1000,
        minBattery: deps.config.taskMinBattery,
        storage: deps.storage,
      });
      setTaskEngine(deps.db, engine);
      stopAll = async () => {
        setTaskEngine(deps.db, null);
        await engine.stop();
        await link.close();
      };
    },
    async stop() {
      await stopAll?.();
      stopAll = null;
    },
  };
}

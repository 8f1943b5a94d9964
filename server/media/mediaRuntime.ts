/**
 * The media pipeline inside the realtime extension: the `storage_config_get` answer is registered
 * with the other requests, and the `file_upload_callback` listener starts once the broker is up.
 */
import type { AppDeps } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { startMediaEvents } from './mediaEvents.ts';
import type { MediaEvents } from './mediaEvents.ts';
import { registerStorageConfigRequest } from './storageConfigRequest.ts';

/** Region docks are told when no S3 store names one. */
const DEFAULT_REGION = 'us-east-1';

export interface MediaRuntime {
  register(requests: RequestRegistry): void;
  start(
    broker: { url: string; username: string; password: string },
    httpBase: string,
  ): Promise<void>;
  stop(): Promise<void>;
  /** Waits until the callbacks received so far are registered (tests). */
  flush(): Promise<void>;
}

/** The pipeline's lifecycle for one app. */
export function mediaRuntime(deps: AppDeps, log: Log): MediaRuntime {
  let base = deps.config.publicUrl ?? 'http://127.0.0.1';
  let events: MediaEvents | null = null;
  const runtime: MediaRuntime = {
    register(requests) {
      registerStorageConfigRequest(requests, {
        tokenSecret: deps.tokenSecret,
        baseUrl: () => base,
        region: deps.config.s3?.region ?? DEFAULT_REGION,
        now: () => Date.now(),
      });
    },
    async start(broker, httpBase) {
      base = deps.config.publicUrl ?? httpBase;
      events = await startMediaEvents({
        ...broker,
        shared: Boolean(deps.config.mqttUrl),
        db: deps.db,
        storage: deps.storage,
        log,
      });
    },
    async stop() {
      await events?.close();
      events = null;
    },
    flush: () => events?.flush() ?? Promise.resolve(),
  };
  return runtime;
}

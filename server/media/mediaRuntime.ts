/**
 * The media pipeline inside the realtime extension: the `storage_config_get` answer and the
 * `file_upload_callback` listener are registered on the device gateway before it opens, so the
 * callbacks are heard from its first subscription on.
 */
import type { AppDeps } from '../http/context.ts';
import type { Log } from '../runtime/log.ts';
import type { RequestRegistry } from '../mqtt/requestRegistry.ts';
import { listenMediaEvents } from './mediaEvents.ts';
import type { MediaEvents } from './mediaEvents.ts';
import { registerStorageConfigRequest } from './storageConfigRequest.ts';

/** Region docks are told when no S3 store names one. */
const DEFAULT_REGION = 'us-east-1';

export interface MediaRuntime {
  /** Registers the request answer and the callback listener; call before the gateway opens. */
  register(requests: RequestRegistry): void;
  /** `httpBase` is the listen address, told to docks unless `PUBLIC_URL` names another. */
  start(httpBase: string): void;
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
      events ??= listenMediaEvents(deps.devices, { db: deps.db, storage: deps.storage, log });
    },
    start(httpBase) {
      base = deps.config.publicUrl ?? httpBase;
    },
    async stop() {
      await events?.close();
      events = null;
    },
    flush: () => events?.flush() ?? Promise.resolve(),
  };
  return runtime;
}

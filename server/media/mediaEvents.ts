/**
 * The media pipeline's ear on the devices: every gateway's `file_upload_callback`, heard through the
 * device gateway, registers the file. It listens on the gateway's `deployment` lane, so with several
 * instances on one broker a file is registered by one of them (and the unique object key makes a
 * second attempt a no-op anyway). Ingestion stays the one that sends `events_reply` (the callback
 * asks for one); this only listens.
 */
import type { DeviceGateway } from '../devices/DeviceGateway.ts';
import { registerMediaFile } from './registerMediaFile.ts';
import type { RegisterDeps } from './registerMediaFile.ts';
import { readUploadCallback } from './uploadCallback.ts';

export const FILE_UPLOAD_CALLBACK = 'file_upload_callback';

export interface MediaEvents {
  /** Waits until every callback received so far is handled (tests). */
  flush(): Promise<void>;
  /** Stops listening and waits for the files under way. */
  close(): Promise<void>;
}

/** Listens on `devices`; the callbacks are heard once the gateway is open. */
export function listenMediaEvents(devices: DeviceGateway, deps: RegisterDeps): MediaEvents {
  const { log } = deps;
  // One file at a time: thumbnails are CPU work and a dock uploads a whole flight at once.
  let queue: Promise<void> = Promise.resolve();
  const stop = devices.onEvent(
    FILE_UPLOAD_CALLBACK,
    (sn, msg) => {
      const file = readUploadCallback(msg.data);
      if (!file) return;
      queue = queue
        .then(() => registerMediaFile(deps, sn, file))
        .then(
          () => undefined,
          (error: unknown) =>
            // The key is the device's text: quoted, so it cannot forge lines of the log.
            log.error(
              `media: could not register ${JSON.stringify(file.objectKey)}: ${String(error)}`,
            ),
        );
    },
    { lane: 'deployment' },
  );
  return {
    flush: () => queue,
    async close() {
      stop();
      await queue;
    },
  };
}

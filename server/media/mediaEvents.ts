/**
 * The media pipeline's own broker client: it hears every gateway's `file_upload_callback` and
 * registers the file. Ingestion stays the one that sends `events_reply` (the callback asks for one);
 * this client only listens. With an external broker it joins a shared subscription, so a file is
 * registered by one instance (and the unique object key makes a second attempt a no-op anyway).
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import { decodeEnvelope } from '../mqtt/decode.ts';
import { registerMediaFile } from './registerMediaFile.ts';
import type { RegisterDeps } from './registerMediaFile.ts';
import { readUploadCallback } from './uploadCallback.ts';

export const FILE_UPLOAD_CALLBACK = 'file_upload_callback';
const SHARE_GROUP = 'skydeck-media';

export interface MediaEventsOptions extends RegisterDeps {
  url: string;
  username: string;
  password: string;
  /** True with an external broker: subscribe as a shared group. */
  shared: boolean;
}

export interface MediaEvents {
  /** Waits until every callback received so far is handled (tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Connects and listens; resolves once subscribed. */
export async function startMediaEvents(options: MediaEventsOptions): Promise<MediaEvents> {
  const { log } = options;
  const client = connect(options.url, {
    username: options.username,
    password: options.password,
    clientId: `skydeck-media-${process.pid}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2_000,
    clean: true,
  });
  // One file at a time: thumbnails are CPU work and a dock uploads a whole flight at once.
  let queue: Promise<void> = Promise.resolve();
  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topic);
    const msg = decodeEnvelope(payload);
    if (parsed?.family !== 'thing' || parsed.kind !== 'events') return;
    if (msg?.method !== FILE_UPLOAD_CALLBACK) return;
    const file = readUploadCallback(msg.data);
    if (!file) return;
    queue = queue
      .then(() => registerMediaFile(options, parsed.sn, file))
      .then(
        () => undefined,
        (error: unknown) =>
          // The key is the device's text: quoted, so it cannot forge lines of the log.
          log.error(
            `media: could not register ${JSON.stringify(file.objectKey)}: ${String(error)}`,
          ),
      );
  });
  const topic = `${options.shared ? `$share/${SHARE_GROUP}/` : ''}thing/product/+/events`;
  await new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(topic, { qos: 1 }, (error) => {
        if (error) log.error(`media events could not subscribe: ${error.message}`);
        resolve();
      });
    });
  });
  return {
    flush: () => queue,
    async close() {
      await client.endAsync();
      await queue;
    },
  };
}

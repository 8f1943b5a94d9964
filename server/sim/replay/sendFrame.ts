import { writeTimestamp } from './frames.ts';
import type { Frame } from './frames.ts';
import type { RawClient } from './rawClient.ts';

/** Queues a pre-encoded message on a connection with `now` patched in as its timestamp. */
export function sendFrame(frame: Frame, client: RawClient, now: number): void {
  writeTimestamp(frame.packet, frame.timestampAt, now);
  client.write(frame.packet);
}

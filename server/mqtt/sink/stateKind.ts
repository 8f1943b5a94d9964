/** The sink's handler of `state`: presence, the reply, and a firmware version when it is new. */
import type { Decoded } from '../decode.ts';
import { str } from '../decode.ts';
import { storeFirmware } from '../eventStore.ts';
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { SinkParts } from './sinkParts.ts';

export interface StateKind {
  take(sn: string, msg: Decoded, now: number): void;
  /** Queues the firmware versions gathered since the last flush as one write. */
  drain(): void;
}

export function createStateKind(parts: SinkParts): StateKind {
  const firmwareDue = new Map<string, string>();
  const firmwareKnown = new Map<string, string>();
  return {
    take(sn, msg, now) {
      parts.presence.seen(sn, now);
      if (msg.needReply) parts.reply(thingTopic(sn, 'state_reply'), msg);
      // Devices repeat their firmware version in every state: only a new one is written.
      const firmware = str(msg.data.firmware_version);
      if (firmware === undefined || firmwareKnown.get(sn) === firmware) return;
      firmwareKnown.set(sn, firmware);
      firmwareDue.set(sn, firmware);
    },
    drain() {
      if (firmwareDue.size === 0) return;
      const rows = [...firmwareDue];
      firmwareDue.clear();
      parts.lanes.enqueue('firmware', () => storeFirmware(parts.db, rows));
    },
  };
}

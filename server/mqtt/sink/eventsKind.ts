/**
 * The sink's handler of `events`: HMS sets and AI alarms stored in the ordered lane as they come,
 * gas readings batched in their own lane, and our own events gathered for one write per flush.
 */
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import { storeAiAlarm } from '../../ai/storeAiAlarm.ts';
import { acceptGasReading } from '../../gas/acceptGasReading.ts';
import { withLogContext } from '../../runtime/logContext.ts';
import type { Decoded } from '../decode.ts';
import { readHmsList, storeDeviceEvents, storeHms } from '../eventStore.ts';
import type { DeviceEventRow } from '../eventStore.ts';
import { timeOf } from './deviceClock.ts';
import type { SinkParts } from './sinkParts.ts';

/** Events waiting for the next flush beyond this are dropped and counted (a flood, or no database). */
const MAX_BUFFERED_EVENTS = 10_000;
/** Our own event methods stored as they are. */
const OWN_EVENTS = new Set(['ai_alarm', 'gas_reading']);

export interface EventsKind {
  take(sn: string, msg: Decoded, now: number): void;
  /** Queues our own events gathered since the last flush as one write. */
  drain(): void;
}

export function createEventsKind(parts: SinkParts): EventsKind {
  const { db, lanes, notifier, stats, gas, aiAlarms } = parts;
  let eventsDue: DeviceEventRow[] = [];
  return {
    take(sn, msg, now) {
      const method = msg.method ?? '';
      // The stores run later, in their lane: each keeps the message's ids for what it logs.
      const about = { tid: msg.tid, bid: msg.bid, sn, method };
      if (method === 'hms')
        lanes.enqueue('hms', () =>
          withLogContext(about, () => storeHms(db, sn, readHmsList(msg.data), now, notifier)),
        );
      if (OWN_EVENTS.has(method)) {
        if (eventsDue.length >= MAX_BUFFERED_EVENTS) stats.dropped++;
        else eventsDue.push({ sn, method, data: msg.data, ts: timeOf(msg, now) });
      }
      if (method === 'ai_alarm')
        lanes.enqueue('ai alarm', () =>
          withLogContext(about, () => storeAiAlarm(db, aiAlarms, sn, msg.data, now, notifier)),
        );
      if (method === 'gas_reading') {
        // Parsed now, so a malformed body is counted and never takes a place in the lane.
        const reading = acceptGasReading(gas.stats, sn, msg.data);
        if (reading) lanes.enqueueReading({ sn, ts: now, reading });
      }
      if (msg.needReply) parts.reply(thingTopic(sn, 'events_reply'), msg);
    },
    drain() {
      if (eventsDue.length === 0) return;
      const rows = eventsDue;
      eventsDue = [];
      parts.observe?.batch('events', rows.length);
      lanes.enqueue('events', async () => {
        await storeDeviceEvents(db, rows);
        parts.observeStored(rows.map((r) => r.ts));
      });
    },
  };
}

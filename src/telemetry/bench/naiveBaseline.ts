/**
 * The baseline of the browser benchmark, built the way the public DJI Cloud API demo console works:
 * the MQTT client on the main thread, `JSON.parse` of every message there, and one reactive store
 * update per message (a valtio proxy here, a Vue `reactive` there), with a subscriber that is told of
 * every update. Only the benchmark page loads it.
 */
// eslint-disable-next-line no-restricted-imports -- the baseline is, by definition, MQTT on the main thread
import mqtt from 'mqtt';
import { proxy, subscribe } from 'valtio';
import type { JsonObject } from '../../../protocol/telemetry.ts';

/** Connects to `url` and applies every osd message to a reactive store, one update per message. */
export function startNaiveBaseline(url: string): void {
  const fleet = proxy<Record<string, JsonObject>>({});
  let updates = 0;
  subscribe(fleet, () => {
    updates += 1;
  });
  globalThis.__naiveMessages = 0;
  const decoder = new TextDecoder();
  const client = mqtt.connect(url, {
    clientId: `skydeck-naive-${String(Math.random()).slice(2, 10)}`,
    username: 'bench',
    password: 'bench',
  });
  client.on('connect', () => void client.subscribeAsync('thing/product/+/osd'));
  client.on('message', (topic, payload) => {
    const sn = topic.split('/')[2] ?? '';
    const message = JSON.parse(decoder.decode(payload)) as { data?: JsonObject };
    fleet[sn] = { ...fleet[sn], ...message.data };
    globalThis.__naiveMessages = (globalThis.__naiveMessages ?? 0) + 1;
  });
  // Keeps the subscriber's count observable, so the engine cannot drop the notifications.
  (globalThis as { __naiveUpdates?: () => number }).__naiveUpdates = () => updates;
}

import type { MqttClient } from 'mqtt';
import { grantedCodes, SUBACK_FAILURE } from './refusal.ts';
import { diffTopics } from './watchedTopics.ts';

/** Topics per SUBSCRIBE packet: 2 000 devices × 5 kinds would otherwise make one 300 kB packet. */
const SUBSCRIBE_BATCH = 500;

/**
 * The watched topics and what the broker currently holds for this connection. Subscriptions are
 * diffed, so watching one more device costs five topics, not a resubscription of the fleet.
 */
export class TopicSubscriptions {
  private desired: ReadonlySet<string> = new Set();
  private subscribed = new Set<string>();
  private readonly refusedTopics = new Set<string>();
  private generation = 0;

  constructor(private readonly onRefused: (topics: string[]) => void) {}

  /** Replaces the watched topics and, when a client is online, applies the difference. */
  setDesired(topics: ReadonlySet<string>, client: MqttClient | null): void {
    this.desired = new Set(topics);
    if (client !== null) this.apply(client);
  }

  /** After a (re)connect with a clean session the broker holds nothing: subscribe everything. */
  resubscribeAll(client: MqttClient): void {
    this.generation++;
    this.subscribed = new Set();
    this.refusedTopics.clear();
    this.apply(client);
  }

  /** Topics the broker refused since the last connect. */
  refused(): string[] {
    return [...this.refusedTopics];
  }

  private apply(client: MqttClient): void {
    const { add, remove } = diffTopics(this.subscribed, this.desired);
    for (const topic of add) this.subscribed.add(topic);
    for (const topic of remove) this.subscribed.delete(topic);
    for (let i = 0; i < add.length; i += SUBSCRIBE_BATCH) {
      this.subscribe(client, add.slice(i, i + SUBSCRIBE_BATCH));
    }
    for (let i = 0; i < remove.length; i += SUBSCRIBE_BATCH) {
      client.unsubscribe(remove.slice(i, i + SUBSCRIBE_BATCH));
    }
  }

  private subscribe(client: MqttClient, topics: string[]): void {
    const generation = this.generation;
    // Without an error every topic was granted (mqtt.js reports any failure code as an error).
    client.subscribe(topics, { qos: 0 }, (error) => {
      // An error without SUBACK codes is a lost connection, not a refusal: the next connect
      // subscribes everything again.
      const codes = error ? grantedCodes(error) : null;
      if (generation !== this.generation || codes === null) return;
      const refused = topics.filter((_t, i) => (codes[i] ?? 0) >= SUBACK_FAILURE);
      if (refused.length === 0) return;
      for (const topic of refused) {
        this.subscribed.delete(topic);
        this.refusedTopics.add(topic);
      }
      this.onRefused(refused);
    });
  }
}

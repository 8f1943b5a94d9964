import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { asyncScheduler } from 'rxjs';
import type { SchedulerLike, Subscription } from 'rxjs';
import type { ConnectOptions, ConnectionState } from '../../protocol/telemetry.ts';
import { reconnectDelayMs } from './backoff.ts';
import { SplitSocket } from './splitSocket.ts';
import { buildClientId, createTabNonce } from './clientId.ts';
import { isCredentialRefusal } from './refusal.ts';
import { TopicSubscriptions } from './topicSubscriptions.ts';

/** Seconds between MQTT pings: a dead connection is noticed within about one and a half of these. */
const KEEPALIVE_S = 20;
/** How long one connection attempt may take before it counts as failed, ms. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface MqttLinkHandlers {
  message(topic: string, payload: Uint8Array): void;
  state(state: ConnectionState): void;
  /**
   * Topics the broker refused: answers those a feature can do without and took care of (the run
   * updates fall back to asking the server). Any other refused topic marks the link `refused`.
   */
  refused?(topics: readonly string[]): readonly string[];
}

/**
 * The tab's one MQTT-over-WebSocket connection. It reconnects with back-off (mqtt.js's own reconnect
 * has a fixed period, so it is off) and, after every connect, subscribes afresh to the watched topics,
 * which may have changed while the link was down.
 */
export class MqttLink {
  private client: MqttClient | null = null;
  private readonly subscriptions: TopicSubscriptions;
  private readonly nonce = createTabNonce();
  private retry: Subscription | null = null;
  private attempt = 0;
  private current: ConnectionState = 'idle';

  /**
   * `splitPublishes`: read QoS 0 PUBLISH packets off the browser's WebSocket before mqtt.js does
   * (see `publishSplitter.ts`); the worker sets it, Node (tests, over TCP) has no such socket.
   */
  constructor(
    private readonly handlers: MqttLinkHandlers,
    private readonly scheduler: SchedulerLike = asyncScheduler,
    private readonly splitPublishes = false,
  ) {
    this.subscriptions = new TopicSubscriptions((topics) => {
      const handled = new Set(this.handlers.refused?.(topics) ?? []);
      if (topics.some((topic) => !handled.has(topic))) this.setState('refused');
    });
  }

  /** Opens the connection, replacing any previous one. */
  connect(options: ConnectOptions): void {
    this.close();
    const owner: { client: MqttClient | null } = { client: null };
    // A dying client's socket may still deliver a frame: only the current client's messages count.
    const fromCurrent = (topic: string, payload: Uint8Array): void => {
      if (owner.client !== null && owner.client === this.client)
        this.handlers.message(topic, payload);
    };
    const client = mqtt.connect(options.url, {
      ...(this.splitPublishes && {
        createWebsocket: (url: string, protocols: string[]) =>
          new SplitSocket(url, protocols, fromCurrent),
      }),
      clientId: buildClientId(options.clientId, this.nonce, options.username),
      username: options.username,
      password: options.password,
      protocolVersion: 4,
      clean: true,
      keepalive: KEEPALIVE_S,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
      resubscribe: false,
      // A queued stick command replayed after a reconnect would fly the aircraft on stale input.
      queueQoSZero: false,
    });
    owner.client = client;
    this.client = client;
    this.setState('connecting');
    client.on('connect', () => this.onConnect(client));
    client.on('message', (topic, payload) => this.handlers.message(topic, payload));
    client.on('error', (error) => this.onError(client, error));
    client.on('close', () => this.onClose(client));
  }

  /** Closes the connection for good (until the next `connect`). */
  disconnect(): void {
    this.close();
    this.setState('idle');
  }

  /** Sets the topics to be subscribed; applied now when online, or on the next connect. */
  setTopics(topics: ReadonlySet<string>): void {
    this.subscriptions.setDesired(topics, this.online());
  }

  /** Publishes when online; rejects otherwise, since commands must never wait in a queue. */
  async publish(topic: string, payload: string, qos: 0 | 1 | 2): Promise<void> {
    const client = this.online();
    if (client === null) throw new Error('MQTT link is not online');
    await client.publishAsync(topic, payload, { qos });
  }

  /** Topics the broker refused since the last connect. */
  refusedTopics(): string[] {
    return this.subscriptions.refused();
  }

  get state(): ConnectionState {
    return this.current;
  }

  private online(): MqttClient | null {
    return this.client?.connected === true ? this.client : null;
  }

  private onConnect(client: MqttClient): void {
    if (client !== this.client) return;
    this.attempt = 0;
    this.setState('online');
    this.subscriptions.resubscribeAll(client);
  }

  private onError(client: MqttClient, error: Error): void {
    if (client !== this.client || !isCredentialRefusal(error)) return;
    // Retrying with a rejected token cannot succeed: wait for `connect` with new credentials.
    this.close();
    this.setState('refused');
  }

  private onClose(client: MqttClient): void {
    if (client !== this.client || this.retry !== null) return;
    this.setState('offline');
    const delay = reconnectDelayMs(this.attempt++);
    this.retry = this.scheduler.schedule(() => {
      this.retry = null;
      if (client !== this.client) return;
      this.setState('reconnecting');
      client.reconnect();
    }, delay);
  }

  private close(): void {
    this.retry?.unsubscribe();
    this.retry = null;
    this.attempt = 0;
    const client = this.client;
    this.client = null;
    client?.removeAllListeners();
    // Swallow the errors of a dying client: nobody listens to it any more.
    client?.on('error', () => undefined);
    client?.end(true);
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    this.handlers.state(state);
  }
}

/**
 * Connects the simulator to a broker with mqtt.js: like real docks, one connection per gateway signed
 * in with its serial number and secret; or, as a load generator against a broker without accounts,
 * one shared connection with the given credentials.
 */
import { connect } from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import type { Log } from '../runtime/log.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import type { SimInbox, SimTransport } from './simulator.ts';

export interface MqttTransportOptions {
  url: string;
  log: Log;
  /** When set, every gateway shares one connection signed in with these credentials. */
  username?: string;
  password?: string;
}

// Messages published while the broker is away are dropped, not queued: telemetry is only worth its
// latest value, and a queue would grow without bound during an outage.
const BASE: IClientOptions = { reconnectPeriod: 2_000, clean: true, queueQoSZero: false };

/** Creates the transport. */
export function mqttTransport(options: MqttTransportOptions): SimTransport {
  const clients: MqttClient[] = [];
  let shared: { client: MqttClient; listeners: (() => void)[] } | null = null;
  // Shared connection: each gateway's inbox by serial number (the topic's third part).
  const inboxes = new Map<string, SimInbox>();

  /** The downlink topics a gateway hears for task flights and DRC. */
  const downlink = (sn: string) => [
    thingTopic(sn, 'services'),
    thingTopic(sn, 'requests_reply'),
    thingTopic(sn, 'drc/down'),
  ];
  let warned = false;

  function track(client: MqttClient, label: string): MqttClient {
    client.on('error', (error) => {
      if (!warned)
        options.log.warn(`simulator: ${label} cannot use ${options.url}: ${error.message}`);
      warned = true;
    });
    clients.push(client);
    return client;
  }

  function sharedClient() {
    if (shared) return shared;
    const client = connect(options.url, {
      ...BASE,
      username: options.username,
      password: options.password,
      clientId: `skydeck-sim-${process.pid}`,
    });
    const entry = { client: track(client, 'shared connection'), listeners: [] as (() => void)[] };
    client.on('connect', () => entry.listeners.forEach((l) => l()));
    client.on('message', (topic, payload) =>
      inboxes.get(topic.split('/')[2] ?? '')?.(topic, payload),
    );
    shared = entry;
    return entry;
  }

  return {
    open(gateway, secret, onConnect, inbox) {
      if (options.username !== undefined) {
        const s = sharedClient();
        s.listeners.push(onConnect);
        if (inbox) {
          inboxes.set(gateway.sn, inbox);
          s.listeners.push(() => s.client.subscribe(downlink(gateway.sn), { qos: 1 }));
        }
        return { publish: (topic, payload) => s.client.publish(topic, payload) };
      }
      const client = track(
        connect(options.url, {
          ...BASE,
          username: gateway.sn,
          password: secret,
          // Like a real dock: the broker binds a device's client id to its serial number.
          clientId: deviceClientId(gateway.sn),
        }),
        gateway.sn,
      );
      client.on('connect', onConnect);
      if (inbox) {
        client.on('connect', () => client.subscribe(downlink(gateway.sn), { qos: 1 }));
        client.on('message', inbox);
      }
      return { publish: (topic, payload) => client.publish(topic, payload) };
    },
    async close() {
      await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
      shared = null;
      inboxes.clear();
    },
  };
}

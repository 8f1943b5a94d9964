/**
 * Consoles beside an external fleet broker: Mosquitto's accounts are the devices' and the server's,
 * so browsers keep connecting to the embedded broker (WebSocket `/mqtt`, Skydeck's rules per user)
 * and this relay carries what they may watch from the fleet broker in, and the flight commands they
 * are allowed to send out.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import type { EmbeddedBroker } from '../embeddedBroker.ts';
import type { Log } from '../../runtime/log.ts';
import { runTopicFilter } from '../../../protocol/tasks.ts';
import { CONSOLE_WATCHABLE_KINDS } from '../topicRules.ts';

export interface ConsoleRelayOptions {
  /** The fleet broker (`MQTT_URL`) and the server's account there. */
  url: string;
  username: string;
  password: string;
  broker: EmbeddedBroker;
  log: Log;
}

export interface ConsoleRelay {
  close(): Promise<void>;
}

/** What is relayed in: every kind a console may subscribe to, for every device, and the runs. */
const RELAYED_IN = [
  ...CONSOLE_WATCHABLE_KINDS.map((kind) =>
    kind === 'status' ? 'sys/product/+/status' : `thing/product/+/${kind}`,
  ),
  runTopicFilter,
];

/** Starts relaying; each instance relays everything to its own consoles (no shared subscription). */
export function startConsoleRelay(options: ConsoleRelayOptions): ConsoleRelay {
  const { broker, log } = options;
  const client = connect(options.url, {
    username: options.username,
    password: options.password,
    clientId: `skydeck-relay-${process.pid}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2_000,
    clean: true,
    // A stick command queued through an outage would fly the aircraft on stale input.
    queueQoSZero: false,
  });
  client.on('connect', () => {
    client.subscribe(RELAYED_IN, { qos: 0 }, (error) => {
      if (error) log.error(`console relay could not subscribe: ${error.message}`);
    });
  });
  client.on('message', (topic, payload) => broker.inject(topic, payload));
  const stop = broker.onConsolePublish((topic, payload, qos) => {
    client.publish(topic, payload, { qos });
  });
  return {
    async close() {
      stop();
      await client.endAsync(true);
    },
  };
}

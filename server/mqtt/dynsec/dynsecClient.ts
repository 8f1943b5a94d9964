/**
 * Talks to Mosquitto's dynamic-security plugin over its control topic: each command carries a
 * correlation id and is answered on the response topic. Errors come back per command, as text.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';
import type { MqttClient } from 'mqtt';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** A command unanswered this long is failed (the plugin answers in milliseconds when loaded). */
const COMMAND_TIMEOUT_MS = 10_000;

export type DynsecCommand = { command: string } & Record<string, unknown>;

/** One command's answer: `error` is set when the plugin refused it. */
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

export interface DynsecClient {
  /** Sends `commands` in one message; resolves with one response per command, in order. */
  send(commands: DynsecCommand[]): Promise<DynsecResponse[]>;
  /** Subscribes the admin connection to `filter` (it may read every topic) and hands over messages. */
  watch(filter: string, listener: (topic: string, payload: Uint8Array) => void): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (r: DynsecResponse) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Connects as the plugin's administrator. */
export async function connectDynsec(
  url: string,
  username: string,
  password: string,
): Promise<DynsecClient> {
  const client: MqttClient = connect(url, {
    username,
    password,
    clientId: `skydeck-dynsec-${process.pid}-${randomUUID().slice(0, 8)}`,
    reconnectPeriod: 2_000,
    clean: true,
  });
  const pending = new Map<string, Pending>();
  const watchers: ((topic: string, payload: Uint8Array) => void)[] = [];
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) {
      for (const w of watchers) w(topic, payload);
      return;
    }
    const body = JSON.parse(payload.toString()) as {
      responses?: (DynsecResponse & { correlationData?: string })[];
    };
    for (const r of body.responses ?? []) {
      const waiting = r.correlationData === undefined ? undefined : pending.get(r.correlationData);
      if (!waiting || r.correlationData === undefined) continue;
      clearTimeout(waiting.timer);
      pending.delete(r.correlationData);
      waiting.resolve(r);
    }
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(RESPONSE_TOPIC);

  const answer = (id: string, command: string) =>
    new Promise<DynsecResponse>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ command, error: 'no answer from the dynamic-security plugin' });
      }, COMMAND_TIMEOUT_MS);
      pending.set(id, { resolve, timer });
    });

  return {
    async send(commands) {
      const tagged = commands.map((c) => ({ ...c, correlationData: randomUUID() }));
      const answers = tagged.map((c) => answer(c.correlationData, c.command));
      await client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: tagged }));
      return Promise.all(answers);
    },
    async watch(filter, listener) {
      watchers.push(listener);
      await client.subscribeAsync(filter);
    },
    async close() {
      for (const p of pending.values()) clearTimeout(p.timer);
      await client.endAsync(true);
    },
  };
}

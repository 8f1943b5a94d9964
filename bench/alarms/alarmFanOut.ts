/**
 * Alarm fan-out: one dock publishes `ai_alarm` events and 20 consoles, each its own MQTT-over-
 * WebSocket client signed in like a browser tab, receive them. Also how long ingestion takes to store
 * the alarm with its rendered snapshot, which is when a toast can show the thumbnail.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { SkydeckHandle } from '../../server/app.ts';
import { consoleClientIdPrefix, deviceClientId } from '../../protocol/mqtt/clientIds.ts';
import { CONSOLE_CLIENT_ID_PREFIX } from '../../workers/link/clientId.ts';

export interface FanOutSamples {
  /** Publish → received, ms, one per console per alarm. */
  deliveryMs: number[];
  /** Publish → stored with its snapshot, ms, one per alarm. */
  storedMs: number[];
}

export interface FanOutServer {
  handle: SkydeckHandle;
  token: string;
  api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T>;
}

const DOCK = 'BENCHAIDOCK1';
/** Gap between alarms, ms: far apart, so each is measured on a quiet path like a real detection. */
const GAP_MS = 250;
/** How often ingestion's result is looked for, ms. */
const POLL_MS = 5;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function connectConsoles(url: string, token: string, n: number): Promise<MqttClient[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      connectAsync(url, {
        clientId: `${consoleClientIdPrefix('admin')}${CONSOLE_CLIENT_ID_PREFIX}-${String(i)}-bench`,
        username: 'admin',
        password: token,
        reconnectPeriod: 0,
      }),
    ),
  );
}

async function storedAt(server: FanOutServer, eventId: string, deadline: number): Promise<number> {
  while (Date.now() < deadline) {
    const rows = await server.handle.db.query<{ k: string | null }>(
      'select snapshot_key as k from ai_alarms where device_sn = $1 and event_id = $2',
      [DOCK, eventId],
    );
    if (rows[0]?.k) return performance.now();
    await sleep(POLL_MS);
  }
  return Number.NaN;
}

/** Publishes `alarms` detections and times them at `consoles` subscribers and in the database. */
export async function measureFanOut(
  server: FanOutServer,
  consoles: number,
  alarms: number,
): Promise<FanOutSamples> {
  const project = await server.handle.db.query<{ id: number }>(
    'select id from workspaces where mold_id = 2 order by id limit 1',
  );
  const added = await server.api<{ device_secret: string }>('POST', '/api/device/add', {
    device_sn: DOCK,
    name: 'bench dock',
    domain: 3,
    type: 2,
    sub_type: 0,
    model_name: 'DJI Dock 2',
    workspace_id: project[0]?.id,
  });
  const ws = `${server.handle.url.replace(/^http/, 'ws')}/mqtt`;
  const dock = await connectAsync(ws, {
    clientId: deviceClientId(DOCK),
    username: DOCK,
    password: added.device_secret,
    reconnectPeriod: 0,
  });
  const clients = await connectConsoles(ws, server.token, consoles);
  const sentAt = new Map<string, number>();
  const samples: FanOutSamples = { deliveryMs: [], storedMs: [] };
  const topic = `thing/product/${DOCK}/events`;
  for (const client of clients) {
    await client.subscribeAsync(topic, { qos: 0 });
    client.on('message', (_topic, payload) => {
      const at = performance.now();
      const id = (JSON.parse(payload.toString()) as { data: { alarm_id: string } }).data.alarm_id;
      const sent = sentAt.get(id);
      if (sent !== undefined) samples.deliveryMs.push(at - sent);
    });
  }
  try {
    for (let i = 0; i < alarms; i++) {
      const id = `bench-${String(i)}`;
      const body = {
        tid: id,
        bid: id,
        timestamp: Date.now(),
        method: 'ai_alarm',
        data: {
          alarm_id: id,
          category: (['person', 'vehicle', 'smoke', 'fire'] as const)[i % 4],
          confidence: 0.9,
          level: 2,
          latitude: 22.54,
          longitude: 113.95,
          payload_index: '80-0-0',
          box: { x: 0.4, y: 0.4, width: 0.15, height: 0.2 },
          sim_scene: { height: 80, yaw: 0 },
        },
      };
      const start = performance.now();
      sentAt.set(id, start);
      await dock.publishAsync(topic, JSON.stringify(body), { qos: 0 });
      samples.storedMs.push((await storedAt(server, id, Date.now() + 10_000)) - start);
      await sleep(GAP_MS);
    }
    await sleep(500);
  } finally {
    await Promise.all([...clients, dock].map((c) => c.endAsync(true)));
  }
  return samples;
}

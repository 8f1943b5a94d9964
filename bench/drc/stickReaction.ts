/**
 * Stick command → aircraft reaction as a pilot's console sees it: from publishing a full-forward
 * `stick_control` on `drc/down` to the first `osd_info_push` on `drc/up` that shows the aircraft
 * moving, over the real broker and simulator. Also the heartbeat echo round trip.
 */
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { DRC_API } from '../../protocol/drc.ts';
import type { DrcSession } from '../../protocol/drc.ts';
import type { DrcBenchServer } from './drcServer.ts';

/** Forward speed that counts as "moving", m/s (a hover drifts by far less). */
const MOVING_MPS = 0.3;
const STICK_PERIOD_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReactionSamples {
  reactionMs: number[];
  heartbeatMs: number[];
}

interface UpMessage {
  method: string;
  seq: number;
  data: Record<string, number>;
}

/** An aircraft in the air and its dock, from the aircrafts' own `osd`; waits for one if needed. */
async function airborneDock(server: DrcBenchServer, client: MqttClient): Promise<string> {
  const rows = await server.handle.db.query<{ device_sn: string; gateway_sn: string }>(
    'select device_sn, gateway_sn from devices where domain = 0 and gateway_sn is not null',
  );
  const dockOf = new Map(rows.map((r) => [r.device_sn, r.gateway_sn]));
  const found = new Promise<string>((resolve) => {
    client.on('message', (topic, payload) => {
      const sn = topic.split('/')[2] ?? '';
      if (!topic.endsWith('/osd') || !dockOf.has(sn)) return;
      const body = JSON.parse(payload.toString()) as { data?: { elevation?: number } };
      if ((body.data?.elevation ?? 0) > 20) resolve(dockOf.get(sn) ?? '');
    });
  });
  await client.subscribeAsync([...dockOf.keys()].map((sn) => `thing/product/${sn}/osd`));
  return found;
}

/** Runs `trials` stick steps against one airborne simulated aircraft. */
export async function measureStickReaction(
  server: DrcBenchServer,
  trials: number,
): Promise<ReactionSamples> {
  const client = await connectAsync(`${server.handle.url.replace(/^http/, 'ws')}/mqtt`, {
    username: 'admin',
    password: server.token,
    clientId: 'admin:drc-bench',
    reconnectPeriod: 0,
  });
  try {
    const dockSn = await airborneDock(server, client);
    // Ingestion marks a gateway online from its first messages; wait for that before entering.
    for (let i = 0; i < 100; i++) {
      const rows = await server.handle.db.query(
        'select 1 from devices where device_sn = $1 and online',
        [dockSn],
      );
      if (rows.length > 0) break;
      await pause(100);
    }
    const dock = await server.handle.db.query<{ workspace_id: number }>(
      'select workspace_id from devices where device_sn = $1',
      [dockSn],
    );
    await server.api<DrcSession>('POST', DRC_API.enter, {
      workspace_id: dock[0]?.workspace_id ?? 0,
      dock_sn: dockSn,
    });
    const down = `thing/product/${dockSn}/drc/down`;
    let seq = 0;
    let waiter: ((msg: UpMessage, at: number) => void) | null = null;
    client.on('message', (topic, payload) => {
      if (topic !== `thing/product/${dockSn}/drc/up`) return;
      waiter?.(JSON.parse(payload.toString()) as UpMessage, performance.now());
    });
    await client.subscribeAsync(`thing/product/${dockSn}/drc/up`);
    const stick = (pitch: number) =>
      client.publishAsync(
        down,
        JSON.stringify({
          method: 'stick_control',
          seq: ++seq,
          data: { roll: 1024, pitch, throttle: 1024, yaw: 1024 },
        }),
      );
    const samples: ReactionSamples = { reactionMs: [], heartbeatMs: [] };
    for (let i = 0; i < trials; i++) {
      // Hover until still: centred sticks and a heartbeat, timing its echo.
      const beatSeq = ++seq;
      const echoed = new Promise<number>((resolve) => {
        waiter = (msg, at) => {
          if (msg.method === 'heart_beat' && msg.seq === beatSeq) resolve(at);
        };
      });
      const beatAt = performance.now();
      await client.publishAsync(
        down,
        JSON.stringify({ method: 'heart_beat', seq: beatSeq, data: { timestamp: Date.now() } }),
      );
      samples.heartbeatMs.push((await echoed) - beatAt);
      waiter = null;
      for (let t = 0; t < 2_500; t += STICK_PERIOD_MS) {
        await stick(1024);
        await pause(STICK_PERIOD_MS);
      }
      const moving = new Promise<number>((resolve) => {
        waiter = (msg, at) => {
          const d = msg.data;
          if (
            msg.method === 'osd_info_push' &&
            Math.hypot(d.speed_x ?? 0, d.speed_y ?? 0) > MOVING_MPS
          )
            resolve(at);
        };
      });
      const sentAt = performance.now();
      const outcome: { at: number | null } = { at: null };
      void moving.then((at) => (outcome.at = at));
      for (let t = 0; t < 1_500 && outcome.at === null; t += STICK_PERIOD_MS) {
        await stick(1684);
        await pause(STICK_PERIOD_MS);
      }
      if (outcome.at !== null) samples.reactionMs.push(outcome.at - sentAt);
      waiter = null;
    }
    await server.api('POST', DRC_API.exit, { dock_sn: dockSn });
    return samples;
  } finally {
    await client.endAsync(true);
  }
}

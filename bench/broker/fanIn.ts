/**
 * Fan-in load: many device connections publish protocol-sized `osd` messages, one subscriber (as
 * ingestion) receives them all. Measures delivered messages per second, loss and publish→receive
 * latency. Publishers and the subscriber share this process, so latency needs no clock sync.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';

export interface FanInLoad {
  /** Simulated aircraft. */
  drones: number;
  /** Messages per second per aircraft. */
  hz: number;
  seconds: number;
  /** Device connections the aircraft are spread over (gateways). */
  connections: number;
}

export interface FanInResult {
  offered: number;
  delivered: number;
  /** Delivered messages per second over the send window plus drain. */
  rate: number;
  lossPercent: number;
  p50: number;
  p95: number;
  p99: number;
}

/** A protocol-shaped aircraft osd of typical size (~600 bytes). */
function payload(sn: string, sentAt: number): string {
  return JSON.stringify({
    tid: sn,
    bid: sn,
    timestamp: Date.now(),
    gateway: sn,
    t: sentAt,
    data: {
      latitude: 22.54 + Math.random() / 100,
      longitude: 113.95 + Math.random() / 100,
      height: 92.5,
      elevation: 80.2,
      attitude_head: 12.5,
      attitude_pitch: -8.1,
      attitude_roll: 1.2,
      horizontal_speed: 10.4,
      vertical_speed: 0,
      home_distance: 812.4,
      wind_speed: 35,
      mode_code: 5,
      battery: {
        capacity_percent: 77,
        remain_flight_time: 2066,
        return_home_power: 25,
        landing_power: 10,
      },
      position_state: { is_fixed: 2, quality: 10, gps_number: 22, rtk_number: 28 },
    },
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one load against `url` and reports what the subscriber saw. */
export async function runFanIn(url: string, load: FanInLoad): Promise<FanInResult> {
  // A private topic root: the broker may be shared with other users of this machine.
  const root = `bench${randomBytes(3).toString('hex')}`;
  const latencies: number[] = [];
  const sub = await connectAsync(url, { clean: true });
  sub.on('message', (_topic, buf) => {
    const t = (JSON.parse(buf.toString()) as { t: number }).t;
    latencies.push(performance.now() - t);
  });
  await sub.subscribeAsync(`${root}/thing/product/+/osd`);
  const pubs: MqttClient[] = await Promise.all(
    Array.from({ length: load.connections }, () => connectAsync(url, { clean: true })),
  );
  const tickMs = 1000 / load.hz;
  const ticks = Math.round(load.seconds * load.hz);
  const start = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    for (let d = 0; d < load.drones; d++) {
      const client = pubs[d % pubs.length];
      client?.publish(
        `${root}/thing/product/BENCH${d}/osd`,
        payload(`BENCH${d}`, performance.now()),
      );
    }
    const wait = start + (tick + 1) * tickMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
  const offered = ticks * load.drones;
  // Drain: stop when everything arrived or nothing new came for a second.
  let seen = -1;
  while (latencies.length < offered && latencies.length !== seen) {
    seen = latencies.length;
    await sleep(1_000);
  }
  const elapsedS = (performance.now() - start) / 1000;
  await Promise.all([...pubs, sub].map((c) => c.endAsync(true)));
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    offered,
    delivered: latencies.length,
    rate: Math.round(latencies.length / elapsedS),
    lossPercent: Number((100 * (1 - latencies.length / offered)).toFixed(2)),
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p95: Number(percentile(sorted, 95).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
  };
}

/**
 * Benchmark section: embedded live video (`ws-jpeg`) against the real server, broker and simulator in
 * this process. For 1, 4 and 16 open tiles: frame latency from the capture time in each frame's
 * header to its arrival at the client, and the server's CPU time per stream. Numbers, not pass/fail.
 */
import WebSocket from 'ws';
import { API } from '../../protocol/http.ts';
import type { LiveStream, StreamSize } from '../../protocol/video.ts';
import { startDrcBenchServer } from '../drc/drcServer.ts';
import type { DrcBenchServer } from '../drc/drcServer.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? Number.NaN) * 10) / 10;
}

interface Run {
  latencies: number[];
  frames: number;
  cpuMsPerS: number;
}

/** Opens `streams` tiles of `size`, waits for the first frames, then measures for `seconds`. */
async function measure(
  server: DrcBenchServer,
  streams: LiveStream[],
  size: StreamSize,
  seconds: number,
): Promise<Run> {
  const base = server.handle.url.replace(/^http/, 'ws');
  let recording = false;
  const latencies: number[] = [];
  const sockets = streams.map((s) => {
    const ws = new WebSocket(`${base}${s.url}&size=${size}`);
    ws.on('message', (data: Buffer) => {
      if (recording) latencies.push(Date.now() - data.readDoubleLE(0));
    });
    return ws;
  });
  await pause(2_000); // start-up: live_start_push round trips and the first tiles of ground
  recording = true;
  const cpu = process.cpuUsage();
  await pause(seconds * 1000);
  const used = process.cpuUsage(cpu);
  recording = false;
  for (const ws of sockets) ws.close();
  await pause(1_000); // let live_stop_push go out before the next run
  return {
    latencies,
    frames: latencies.length,
    cpuMsPerS: (used.user + used.system) / 1000 / seconds,
  };
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const server = await startDrcBenchServer(8);
  try {
    const seconds = opts.quick ? 3 : 10;
    await pause(3_000); // the fleet comes online
    const streams = await server.api<LiveStream[]>('GET', API.liveInfo);
    const idle = await measure(server, [], 'small', seconds);
    const rows: (string | number)[][] = [];
    for (const [tiles, size] of [
      [1, 'big'],
      [4, 'small'],
      [16, 'small'],
    ] as const) {
      const r = await measure(server, streams.slice(0, tiles), size, seconds);
      const perStream = (r.cpuMsPerS - idle.cpuMsPerS) / tiles;
      rows.push([
        `${String(tiles)} × ${size === 'big' ? '640×360 @10' : '320×180 @5'}`,
        Math.round(r.frames / seconds),
        percentile(r.latencies, 50),
        percentile(r.latencies, 95),
        Math.round(perStream * 10) / 10,
      ]);
    }
    return {
      title: 'Live video (ws-jpeg): frame latency (ms) and server CPU per stream',
      columns: ['tiles', 'frames/s', 'p50 ms', 'p95 ms', 'CPU ms/s per stream'],
      rows,
      notes: [
        '8 simulated units (16 cameras) on the wall clock; clients are Node WebSockets in the same process.',
        'Latency: capture time in the frame header → arrival at the client (render, JPEG encode, fan-out, socket). A browser adds its JPEG decode and paint.',
        `CPU per stream: process CPU while streaming minus idle (${String(Math.round(idle.cpuMsPerS))} ms/s), divided by the streams; 1000 ms/s is one core.`,
      ],
    };
  } finally {
    await server.handle.close();
  }
}

export const videoSection: BenchSection = { id: 'video', run };

/**
 * Benchmark section: embedded live video (`ws-jpeg`) against the real server, broker and simulator,
 * the server in its own process (videoServer.ts). For 1, 4 and 16 open tiles: frame latency from the
 * capture time in each frame's header to its arrival at a Node client, then to the screen frame that
 * shows it in /video_square in headless Chromium (browserVideo.ts), and the server process's CPU time
 * per stream. Numbers, not pass/fail.
 */
import { readFileSync } from 'node:fs';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import WebSocket from 'ws';
import { API } from '../../protocol/http.ts';
import type { LiveStream, StreamSize } from '../../protocol/video.ts';
import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { consoleBuilt, measureInBrowser } from './browserVideo.ts';
import { startVideoBenchServer } from './videoServer.ts';
import type { VideoBenchServer } from './videoServer.ts';

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
  server: VideoBenchServer,
  streams: LiveStream[],
  size: StreamSize,
  seconds: number,
): Promise<Run> {
  const base = server.url.replace(/^http/, 'ws');
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
  const cpu = server.cpuMs();
  await pause(seconds * 1000);
  const used = server.cpuMs() - cpu;
  recording = false;
  for (const ws of sockets) ws.close();
  await pause(1_000); // let live_stop_push go out before the next run
  return { latencies, frames: latencies.length, cpuMsPerS: used / seconds };
}

const TILE_RUNS = [
  [1, 'big'],
  [4, 'small'],
  [16, 'small'],
] as const;

const label = (tiles: number, size: StreamSize) =>
  `${String(tiles)} × ${size === 'big' ? '640×360 @10' : '320×180 @5'}`;

/** The 1-minute load average of the machine, as `/proc/loadavg` says. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

/** The browser rows: the same walls in /video_square, latency to the painted frame. */
async function browserRows(
  server: VideoBenchServer,
  streams: LiveStream[],
  seconds: number,
  idleCpu: number,
): Promise<(string | number)[][]> {
  const browser = await launchBrowser();
  try {
    const rows: (string | number)[][] = [];
    for (const [tiles, size] of TILE_RUNS) {
      const r = await measureInBrowser(browser, server, streams, tiles, seconds);
      rows.push([
        `browser: ${label(tiles, size)}`,
        Math.round(r.frames / seconds),
        percentile(r.latencies, 50),
        percentile(r.latencies, 95),
        Math.round(((r.cpuMsPerS - idleCpu) / tiles) * 10) / 10,
      ]);
    }
    return rows;
  } finally {
    await browser.close();
  }
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const built = consoleBuilt();
  const server = await startVideoBenchServer();
  try {
    const seconds = opts.quick ? 3 : 10;
    await pause(3_000); // the fleet comes online
    const streams = await server.api<LiveStream[]>('GET', API.liveInfo);
    const idle = await measure(server, [], 'small', seconds);
    const rows: (string | number)[][] = [];
    for (const [tiles, size] of TILE_RUNS) {
      const r = await measure(server, streams.slice(0, tiles), size, seconds);
      const perStream = (r.cpuMsPerS - idle.cpuMsPerS) / tiles;
      rows.push([
        label(tiles, size),
        Math.round(r.frames / seconds),
        percentile(r.latencies, 50),
        percentile(r.latencies, 95),
        Math.round(perStream * 10) / 10,
      ]);
    }
    if (built) rows.push(...(await browserRows(server, streams, seconds, idle.cpuMsPerS)));
    return {
      title: 'Live video (ws-jpeg): frame latency (ms) and server CPU per stream',
      columns: ['tiles', 'frames/s', 'p50 ms', 'p95 ms', 'CPU ms/s per stream'],
      rows,
      notes: [
        '8 simulated units (16 cameras) on the wall clock; the server (`server/main.ts`) in its own process; Node WebSocket clients in the benchmark’s process.',
        'Latency: capture time in the frame header → arrival at the client (render, JPEG encode, fan-out, socket). A browser adds its JPEG decode and paint.',
        `CPU per stream: the server process’s CPU (/proc) while streaming minus idle (${String(Math.round(idle.cpuMsPerS))} ms/s), divided by the streams; 1000 ms/s is one core. Neither the clients nor Chromium are in it.`,
        built
          ? 'browser rows: /video_square in headless Chromium (1440×900), the same walls; latency = capture time → the animation frame after the tile’s canvas was drawn (JPEG decode, draw, wait for the next screen frame included); frames/s counts painted frames of all tiles.'
          : 'browser rows skipped: no built console in dist/ (run `npx vite build`).',
        `load average at the end (1, 5, 15 min): ${loadAverage()}.`,
      ],
    };
  } finally {
    await server.stop();
  }
}

export const videoSection: BenchSection = { id: 'video', run };

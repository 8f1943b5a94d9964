/**
 * `node --cpu-prof bench/core/profileCore.ts [frames] [floor]` (bundled first, e.g. with esbuild:
 * under `--import tsx` the main thread's profile was not written): runs only the hand-off variant
 * of the core section (30 devices of interest, map table transferred), or with `floor` only the
 * decode + parse floor, so a CPU profile holds one variant's functions and nothing else.
 */
import { TelemetryPipeline } from '../../workers/core/telemetryPipeline.ts';
import { FRAME_INTERVAL_MS } from '../../workers/core/constants.ts';
import { mapFrameBuffers } from '../../workers/core/mapFrame.ts';
import { buildLoad, deviceSn } from './fleetLoad.ts';

const DEVICES = 2_000;
const frames = Number(process.argv[2] ?? 300);
const load = buildLoad(DEVICES, 10);
const interest = Array.from({ length: 30 }, (_, i) => deviceSn(i * 61));

let clock = 0;
let posted = 0;
const pipeline = new TelemetryPipeline(() => clock);
pipeline.setInterest(interest);
const floor = process.argv[3] === 'floor';
const decoder = new TextDecoder();
const start = process.cpuUsage();
for (let f = 0; f < frames && floor; f++) {
  for (const payload of load[f % load.length]?.payloads ?? []) {
    if (JSON.parse(decoder.decode(payload)) !== null) posted++;
  }
}
for (let f = 0; f < frames && !floor; f++) {
  const frame = load[f % load.length];
  if (frame === undefined) continue;
  for (let i = 0; i < frame.topics.length; i++) {
    pipeline.push(frame.topics[i] ?? '', frame.payloads[i] ?? new Uint8Array());
  }
  clock += FRAME_INTERVAL_MS;
  const delta = pipeline.frame();
  if (delta === null) continue;
  // Counted, so the engine cannot drop the clone as unused.
  posted += structuredClone(delta, { transfer: mapFrameBuffers(delta.map) }).devices.length;
  pipeline.ack(delta.seq);
}
const used = process.cpuUsage(start);
const ns = ((used.user + used.system) * 1000) / (frames * DEVICES);
console.log(`${frames} frames, ${posted} items handed off, ${ns.toFixed(0)} ns/msg (CPU time)`);

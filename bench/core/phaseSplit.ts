/**
 * `npx tsx bench/core/phaseSplit.ts [rounds]`: where the hand-off variant of the core section spends
 * its time beyond the decode + parse floor, as ratios to that floor measured in the same round. The
 * variants add one phase each: `decode` (topic routing, envelope checks), `push` (the store's merge
 * on every message), `frame` (building the delta and the map table), `hand-off` (the
 * `structuredClone` with the map table transferred). Medians of per-round ratios, like the section;
 * a sampling profile under load spreads these costs too thinly to read them off.
 */
import { TelemetryPipeline } from '../../workers/core/telemetryPipeline.ts';
import { decodeMessage } from '../../workers/core/decode.ts';
import { FRAME_INTERVAL_MS } from '../../workers/core/constants.ts';
import { mapFrameBuffers } from '../../workers/core/mapFrame.ts';
import { buildLoad, deviceSn } from './fleetLoad.ts';
import type { LoadFrame } from './fleetLoad.ts';
import { median, timed } from './measure.ts';

const DEVICES = 2_000;
const FRAMES = 15;
const rounds = Number(process.argv[2] ?? 9);
const load = buildLoad(DEVICES, 10);
const interest = Array.from({ length: 30 }, (_, i) => deviceSn(i * 61));
const EMPTY: LoadFrame = { topics: [], payloads: [] };
let consumed = 0;

const frameOf = (f: number): LoadFrame => load[f % load.length] ?? EMPTY;
const nsPerMsg = (body: () => void): number => {
  const sample = timed(FRAMES * DEVICES, body);
  return (sample.ms * 1e6) / sample.messages;
};

function floor(): number {
  const decoder = new TextDecoder();
  return nsPerMsg(() => {
    for (let f = 1; f <= FRAMES; f++) {
      for (const payload of frameOf(f).payloads)
        if (JSON.parse(decoder.decode(payload))) consumed++;
    }
  });
}

function decodeOnly(): number {
  return nsPerMsg(() => {
    for (let f = 1; f <= FRAMES; f++) {
      const { topics, payloads } = frameOf(f);
      topics.forEach((topic, i) => {
        if (decodeMessage(topic, payloads[i] ?? new Uint8Array()).ok) consumed++;
      });
    }
  });
}

type Phase = 'push' | 'frame' | 'hand-off';

function core(upTo: Phase): number {
  let clock = 0;
  const pipeline = new TelemetryPipeline(() => clock);
  pipeline.setInterest(interest);
  const tick = ({ topics, payloads }: LoadFrame): void => {
    topics.forEach((topic, i) => pipeline.push(topic, payloads[i] ?? new Uint8Array()));
    clock += FRAME_INTERVAL_MS;
    if (upTo === 'push') return;
    const delta = pipeline.frame();
    if (delta === null) return;
    consumed +=
      upTo === 'frame'
        ? delta.devices.length
        : structuredClone(delta, { transfer: mapFrameBuffers(delta.map) }).devices.length;
    pipeline.ack(delta.seq);
  };
  tick(frameOf(0));
  return nsPerMsg(() => {
    for (let f = 1; f <= FRAMES; f++) tick(frameOf(f));
  });
}

const variants: [name: string, run: () => number][] = [
  ['floor', floor],
  ['decode', decodeOnly],
  ['push', () => core('push')],
  ['frame', () => core('frame')],
  ['hand-off', () => core('hand-off')],
];
for (const [, run] of variants) run();
const ratios = variants.map((): number[] => []);
const floors: number[] = [];
for (let r = 0; r < rounds; r++) {
  const ns = variants.map(([, run]) => run());
  const base = ns[0] ?? 1;
  floors.push(base);
  ns.forEach((value, i) => ratios[i]?.push(value / base));
}
const cells = variants.map(([name], i) => `${name} ${median(ratios[i] ?? []).toFixed(3)}`);
console.log(`floor ${Math.round(median(floors))} ns/msg; × floor: ${cells.join(' | ')}`);
console.log(`(${consumed} items consumed)`);

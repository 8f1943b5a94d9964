import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { TelemetryPipeline } from '../../workers/core/telemetryPipeline.ts';
import { DETAIL_EVERY_FRAMES, FRAME_INTERVAL_MS } from '../../workers/core/constants.ts';
import { mapFrameBuffers } from '../../workers/core/mapFrame.ts';
import { buildLoad, deviceSn } from './fleetLoad.ts';
import type { LoadFrame } from './fleetLoad.ts';
import { median, sample, summarise, timed } from './measure.ts';
import type { RunSample } from './measure.ts';
import { NaiveBaseline } from './naiveBaseline.ts';

/** Fleet size of the stress case. */
const DEVICES = 2_000;
/** Distinct pre-encoded frames, cycled: every message still differs from the device's previous one. */
const DISTINCT_FRAMES = 10;

interface Plan {
  warmups: number;
  runs: number;
  coreFrames: number;
  /** Messages per run of the whole-fleet baseline: each costs a clone of all 2 000 devices. */
  fleetBaselineMessages: number;
}

const FULL: Plan = { warmups: 1, runs: 5, coreFrames: 15, fleetBaselineMessages: 50 };
const QUICK: Plan = { warmups: 1, runs: 3, coreFrames: 5, fleetBaselineMessages: 20 };

// Whatever is emitted must look used, or the engine could skip producing it.
let sinkCount = 0;
const sink = (posted: unknown): void => {
  if (posted !== null) sinkCount++;
};

const EMPTY: LoadFrame = { topics: [], payloads: [] };

/**
 * Devices the UI shows in detail in the interest rows: a selected drone, ~25 visible list rows, an
 * open panel or two. Everything else reaches the map through the transferred table.
 */
const INTEREST = Array.from({ length: 30 }, (_, i) => deviceSn(i * 61));

/**
 * How the delta reaches the main thread: not at all (core alone), `structuredClone` (what
 * `postMessage` costs without a transfer list), or `structuredClone` with the map table's buffers
 * in the transfer list (what the worker does).
 */
type HandOff = 'none' | 'clone' | 'transfer';

/**
 * Core: every device's message of a frame, then one frame tick by hand, handing the delta off as
 * `handOff` says. With `interest`, only those devices get their detail every frame.
 */
function runCore(
  load: LoadFrame[],
  frames: number,
  handOff: HandOff,
  interest: readonly string[] | null = null,
): RunSample {
  let clock = 0;
  const pipeline = new TelemetryPipeline(() => clock);
  pipeline.setInterest(interest);
  const tick = (frame: LoadFrame): void => {
    for (let i = 0; i < frame.topics.length; i++) {
      pipeline.push(frame.topics[i] ?? '', frame.payloads[i] ?? new Uint8Array());
    }
    clock += FRAME_INTERVAL_MS;
    const delta = pipeline.frame();
    if (delta === null) return;
    if (handOff === 'none') sink(delta);
    else if (handOff === 'clone') sink(structuredClone(delta));
    else sink(structuredClone(delta, { transfer: mapFrameBuffers(delta.map) }));
    pipeline.ack(delta.seq);
  };
  tick(load[0] ?? EMPTY); // the fleet exists before timing starts
  return timed(frames * DEVICES, () => {
    for (let f = 1; f <= frames; f++) tick(load[f % load.length] ?? EMPTY);
  });
}

/** The floor of any design: UTF-8 decode and one JSON.parse per message, nothing else. */
function runParseOnly(load: LoadFrame[], frames: number): RunSample {
  const decoder = new TextDecoder();
  return timed(frames * DEVICES, () => {
    for (let f = 1; f <= frames; f++) {
      for (const payload of (load[f % load.length] ?? EMPTY).payloads) {
        sink(JSON.parse(decoder.decode(payload)));
      }
    }
  });
}

/** Naive baseline over `messages` messages, after one untimed frame has filled the fleet. */
function runNaive(load: LoadFrame[], scope: 'fleet' | 'device', messages: number): RunSample {
  const naive = new NaiveBaseline(scope, sink);
  const first = load[0] ?? EMPTY;
  first.topics.forEach((topic, i) => naive.push(topic, first.payloads[i] ?? new Uint8Array()));
  return timed(messages, () => {
    for (let m = 0; m < messages; m++) {
      const frame = load[1 + (Math.floor(m / DEVICES) % (load.length - 1))] ?? first;
      naive.push(frame.topics[m % DEVICES] ?? '', frame.payloads[m % DEVICES] ?? new Uint8Array());
    }
  });
}

type Throughput = ReturnType<typeof summarise>;

const nsPerMsg = (s: RunSample): number => (s.ms * 1e6) / s.messages;

/** Warms every variant, then runs them in turn `runs` times; samples per variant. */
function interleaved(variants: (() => RunSample)[], warmups: number, runs: number): RunSample[][] {
  for (let w = 0; w < warmups; w++) for (const run of variants) run();
  const out: RunSample[][] = variants.map(() => []);
  for (let r = 0; r < runs; r++) variants.forEach((run, i) => out[i]?.push(run()));
  return out;
}

async function run(opts: BenchOptions): Promise<BenchResult> {
  const plan = opts.quick ? QUICK : FULL;
  const load = buildLoad(DEVICES, DISTINCT_FRAMES);
  const bytesPerMsg = (load[1]?.payloads.reduce((n, p) => n + p.length, 0) ?? 0) / DEVICES;
  const messages = plan.coreFrames * DEVICES;
  // The variants take turns, run after run, so a machine whose load drifts (other processes on a
  // shared box) shifts them alike and their ratios hold; each ratio is taken within one round.
  const variants = [
    () => runParseOnly(load, plan.coreFrames),
    () => runCore(load, plan.coreFrames, 'none'),
    () => runCore(load, plan.coreFrames, 'clone'),
    () => runCore(load, plan.coreFrames, 'transfer', INTEREST),
    () => runNaive(load, 'device', messages),
  ];
  const samples = interleaved(variants, plan.warmups, plan.runs);
  const [floor, core, posted, focused, perDevice] = samples.map((s) => summarise(s)) as [
    Throughput,
    Throughput,
    Throughput,
    Throughput,
    Throughput,
  ];
  const roundRatio = (a: number, b: number): number =>
    median(samples[a]?.map((s, i) => nsPerMsg(s) / nsPerMsg(samples[b]?.[i] ?? s)) ?? []);
  await Promise.resolve();
  const fleet = summarise(
    sample(1, plan.runs, () => runNaive(load, 'fleet', plan.fleetBaselineMessages)),
  );
  const row = (name: string, count: number, r: Throughput) => [
    name,
    count,
    Math.round(r.msgsPerS),
    Math.round(r.nsPerMsg),
    Math.round((r.msgsPerS * bytesPerMsg) / 1e6),
    `${(fleet.nsPerMsg / r.nsPerMsg).toFixed(1)}×`,
  ];
  return {
    title: `Core throughput: ${DEVICES} aircraft, decode + merge + delta`,
    columns: ['pipeline', 'messages/run', 'msgs/s', 'ns/msg', 'MB/s', 'vs naive whole fleet'],
    rows: [
      row('floor: decode + JSON.parse only', messages, floor),
      row('core: decode + merge + delta, every device in detail', messages, core),
      row('core + structuredClone of each delta (no interest set)', messages, posted),
      row(
        `core + hand-off: ${INTEREST.length} in detail, map table transferred`,
        messages,
        focused,
      ),
      row('naive: parse, copy the device, post it', messages, perDevice),
      row('naive: parse, copy the whole fleet, post it', plan.fleetBaselineMessages, fleet),
    ],
    notes: [
      `Synthetic aircraft osd (protocol §2.1): 49 top-level fields, nested battery (2 packs), position_state, cameras…; ${Math.round(bytesPerMsg)} bytes per message; about 17 fields change per message.`,
      `Medians of ${plan.runs} timed rounds after warm-up, in CPU time of the process (not wall time: the machine is shared); frames driven by hand on a ${FRAME_INTERVAL_MS} ms virtual clock, one message per device per frame; no wall-clock timers.`,
      'Baselines clone per message what they post (structuredClone = the cost of postMessage); the core posts one delta per frame.',
      `Ratios are medians of per-round ratios (variants interleaved). Core alone is ${roundRatio(1, 0).toFixed(2)}× the decode + parse floor; cloning every device's delta makes it ${roundRatio(2, 0).toFixed(2)}× (${roundRatio(4, 2).toFixed(1)}× faster than the per-device baseline).`,
      `With the hand-off the worker does (${INTEREST.length} devices of interest in detail every frame, the others' detail every ${DETAIL_EVERY_FRAMES} frames, every device's table row in typed arrays transferred): ${roundRatio(3, 0).toFixed(2)}× the floor and ${roundRatio(4, 3).toFixed(1)}× faster than the per-device baseline (targets ≤ 1.3× and ≥ 2.5×).`,
      `Transfer = structuredClone(delta, { transfer }), what postMessage does with a transfer list. (${sinkCount} emits consumed.)`,
    ],
  };
}

/** Section 1: core throughput against naive baselines. */
export const coreSection: BenchSection = { id: 'core', run };

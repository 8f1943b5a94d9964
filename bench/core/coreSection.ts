import type { BenchOptions, BenchResult, BenchSection } from '../section.ts';
import { TelemetryPipeline } from '../../workers/core/telemetryPipeline.ts';
import { FRAME_INTERVAL_MS } from '../../workers/core/constants.ts';
import { buildLoad } from './fleetLoad.ts';
import type { LoadFrame } from './fleetLoad.ts';
import { sample, summarise, timed } from './measure.ts';
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
 * Core: every device's message of a frame, then one frame tick by hand. With `post`, each delta is
 * also structured-cloned, which is what `postMessage` costs the worker.
 */
function runCore(load: LoadFrame[], frames: number, post: boolean): RunSample {
  let clock = 0;
  const pipeline = new TelemetryPipeline(() => clock);
  const tick = (frame: LoadFrame): void => {
    for (let i = 0; i < frame.topics.length; i++) {
      pipeline.push(frame.topics[i] ?? '', frame.payloads[i] ?? new Uint8Array());
    }
    clock += FRAME_INTERVAL_MS;
    const delta = pipeline.frame();
    if (delta === null) return;
    sink(post ? structuredClone(delta) : delta);
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

async function run(opts: BenchOptions): Promise<BenchResult> {
  const plan = opts.quick ? QUICK : FULL;
  const load = buildLoad(DEVICES, DISTINCT_FRAMES);
  const bytesPerMsg = (load[1]?.payloads.reduce((n, p) => n + p.length, 0) ?? 0) / DEVICES;
  const messages = plan.coreFrames * DEVICES;
  const measure = (run: () => RunSample, warmups = plan.warmups) =>
    summarise(sample(warmups, plan.runs, run));
  const floor = measure(() => runParseOnly(load, plan.coreFrames));
  const core = measure(() => runCore(load, plan.coreFrames, false));
  const posted = measure(() => runCore(load, plan.coreFrames, true));
  await Promise.resolve();
  const perDevice = measure(() => runNaive(load, 'device', messages));
  const fleet = measure(() => runNaive(load, 'fleet', plan.fleetBaselineMessages), 1);
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
      row('core: decode + merge + delta', messages, core),
      row('core + structuredClone of each delta', messages, posted),
      row('naive: parse, copy the device, post it', messages, perDevice),
      row('naive: parse, copy the whole fleet, post it', plan.fleetBaselineMessages, fleet),
    ],
    notes: [
      `Synthetic aircraft osd (protocol §2.1): 49 top-level fields, nested battery (2 packs), position_state, cameras…; ${Math.round(bytesPerMsg)} bytes per message; about 17 fields change per message.`,
      `Medians of ${plan.runs} timed runs after warm-up; frames driven by hand on a ${FRAME_INTERVAL_MS} ms virtual clock, one message per device per frame; no wall-clock timers.`,
      'Baselines clone per message what they post (structuredClone = the cost of postMessage); the core posts one delta per frame.',
      `Core is ${(core.nsPerMsg / floor.nsPerMsg).toFixed(2)}× the decode + parse floor; with the delta clone, ${(perDevice.nsPerMsg / posted.nsPerMsg).toFixed(1)}× the per-device baseline.`,
      `Targets (not assertions): core ≥ 150 000 msgs/s and ≥ 5× the whole-fleet baseline. (${sinkCount} emits consumed.)`,
    ],
  };
}

/** Section 1: core throughput against naive baselines. */
export const coreSection: BenchSection = { id: 'core', run };

/**
 * Our own events from the simulated payloads: AI detections while on patrol and, on units that carry
 * one, a gas sensor reading every few seconds in the air.
 */
import type { AiAlarmData, GasReadingData } from '../../protocol/mqtt/payloads.ts';
import { deployedModel } from './ai/deployedModels.ts';
import type { SimUnitDef } from './fleet.ts';
import { gasSample } from './gas/gasSample.ts';
import type { Rng } from './rng.ts';
import type { UnitState } from './unitState.ts';

/** Mean seconds between AI detections of one aircraft on patrol (`SIM_DETECTION_S`). */
export const MEAN_DETECTION_INTERVAL_S = 300;
/** A multi-gas payload reports about once a second in the air. */
const GAS_INTERVAL_S = 1;

/** Main camera of each aircraft model (protocol §9). */
const CAMERA_BY_MODEL: Readonly<Record<string, string>> = {
  '0-91-0': '80-0-0',
  '0-91-1': '81-0-0',
  '0-67-0': '52-0-0',
  '0-67-1': '53-0-0',
  '0-100-0': '98-0-0',
  '0-100-1': '99-0-0',
};
const CATEGORIES = [
  { category: 'person', level: 1 },
  { category: 'vehicle', level: 0 },
  { category: 'smoke', level: 2 },
  { category: 'fire', level: 2 },
] as const;

export type OwnEvent =
  { method: 'ai_alarm'; data: AiAlarmData } | { method: 'gas_reading'; data: GasReadingData };

/**
 * A detection by the model the aircraft runs, or null when it runs none: only that model's classes,
 * never below its confidence threshold (a real detector drops weaker hits on board).
 */
function detection(def: SimUnitDef, s: UnitState, rng: Rng): AiAlarmData | null {
  const model = deployedModel(def.aircraft.sn);
  if (!model || model.classes.length === 0) return null;
  const category = rng.pick(model.classes);
  const level = CATEGORIES.find((c) => c.category === category)?.level ?? 1;
  // Rounded up to the hundredth so rounding never takes a hit under the threshold.
  const floor = Math.min(0.99, Math.ceil(model.threshold * 100) / 100);
  const confidence = Math.max(floor, Number(rng.range(floor, Math.max(floor, 0.98)).toFixed(2)));
  // Objects seen from patrol height fill a small part of the frame.
  const w = rng.range(0.06, 0.2);
  const h = rng.range(0.08, 0.25);
  return {
    alarm_id: `${def.aircraft.sn}-${Math.floor(rng.next() * 2 ** 32).toString(36)}`,
    category,
    confidence,
    level,
    latitude: s.pos.lat,
    longitude: s.pos.lng,
    payload_index: CAMERA_BY_MODEL[def.aircraft.modelKey] ?? '80-0-0',
    box: { x: rng.range(0, 1 - w), y: rng.range(0, 1 - h), width: w, height: h },
    // The in-process renderer draws the snapshot from this (server/sim/ai/renderSnapshot.ts).
    sim_scene: { height: Math.round(s.elevation), yaw: Math.round(s.heading) },
  };
}

function gasReading(def: SimUnitDef, s: UnitState, rng: Rng): GasReadingData {
  // The plume of the area's source in the dock's wind (server/sim/gas/).
  return gasSample(def, s, rng);
}

/** Events this unit emits during the last `dt` seconds. */
export function stepSensors(
  def: SimUnitDef,
  s: UnitState,
  dt: number,
  rng: Rng,
  meanDetectionS = MEAN_DETECTION_INTERVAL_S,
): OwnEvent[] {
  const events: OwnEvent[] = [];
  const found = s.phase === 'patrol' && rng.chance(Math.min(1, dt / meanDetectionS));
  const seen = found ? detection(def, s, rng) : null;
  if (seen) events.push({ method: 'ai_alarm', data: seen });
  if (s.hasGasSensor && s.elevation > 0) {
    s.gasTimer += dt;
    if (s.gasTimer >= GAS_INTERVAL_S) {
      s.gasTimer -= GAS_INTERVAL_S;
      events.push({ method: 'gas_reading', data: gasReading(def, s, rng) });
    }
  }
  return events;
}

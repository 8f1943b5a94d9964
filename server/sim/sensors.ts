/**
 * Our own events from the simulated payloads: AI detections while on patrol and, on units that carry
 * one, a gas sensor reading every few seconds in the air.
 */
import type { AiAlarmData, GasReadingData } from '../../protocol/mqtt/payloads.ts';
import type { SimUnitDef } from './fleet.ts';
import type { Rng } from './rng.ts';
import type { UnitState } from './unitState.ts';

/** Mean seconds between AI detections of one aircraft on patrol. */
const MEAN_DETECTION_INTERVAL_S = 300;
const GAS_INTERVAL_S = 5;
/** Methane thresholds, ppm: above the first is a caution, above the second a warning. */
const CH4_CAUTION_PPM = 50;
const CH4_WARNING_PPM = 100;

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

function detection(def: SimUnitDef, s: UnitState, rng: Rng): AiAlarmData {
  const kind = rng.pick(CATEGORIES);
  // Objects seen from patrol height fill a small part of the frame.
  const w = rng.range(0.06, 0.2);
  const h = rng.range(0.08, 0.25);
  return {
    alarm_id: `${def.aircraft.sn}-${Math.floor(rng.next() * 2 ** 32).toString(36)}`,
    category: kind.category,
    confidence: Number(rng.range(0.6, 0.98).toFixed(2)),
    level: kind.level,
    latitude: s.pos.lat,
    longitude: s.pos.lng,
    payload_index: CAMERA_BY_MODEL[def.aircraft.modelKey] ?? '80-0-0',
    box: { x: rng.range(0, 1 - w), y: rng.range(0, 1 - h), width: w, height: h },
    // The in-process renderer draws the snapshot from this (server/sim/ai/renderSnapshot.ts).
    sim_scene: { height: Math.round(s.elevation), yaw: Math.round(s.heading) },
  };
}

function gasReading(def: SimUnitDef, s: UnitState, rng: Rng): GasReadingData {
  // Mostly background methane, with the odd leak plume.
  const value = rng.chance(0.03) ? rng.range(40, 140) : rng.range(2, 15);
  const level = value >= CH4_WARNING_PPM ? 2 : value >= CH4_CAUTION_PPM ? 1 : 0;
  return {
    sensor_id: `${def.aircraft.sn}-GAS1`,
    gas: 'ch4',
    value: Number(value.toFixed(1)),
    unit: 'ppm',
    level,
    latitude: s.pos.lat,
    longitude: s.pos.lng,
    height: def.homeHeight + s.elevation,
  };
}

/** Events this unit emits during the last `dt` seconds. */
export function stepSensors(def: SimUnitDef, s: UnitState, dt: number, rng: Rng): OwnEvent[] {
  const events: OwnEvent[] = [];
  if (s.phase === 'patrol' && rng.chance(dt / MEAN_DETECTION_INTERVAL_S))
    events.push({ method: 'ai_alarm', data: detection(def, s, rng) });
  if (s.hasGasSensor && s.elevation > 0) {
    s.gasTimer += dt;
    if (s.gasTimer >= GAS_INTERVAL_S) {
      s.gasTimer -= GAS_INTERVAL_S;
      events.push({ method: 'gas_reading', data: gasReading(def, s, rng) });
    }
  }
  return events;
}

/**
 * Occasional HMS alarms with real codes (texts in DJI's hms.json as `fpv_tip_…` / `dock_tip_…`): one
 * at a time per unit, lasting a minute or two. Each `hms` message carries the full active set.
 */
import type { HmsAlarm } from '../../protocol/mqtt/payloads.ts';
import type { SimUnitDef } from './fleet.ts';
import type { Rng } from './rng.ts';
import type { UnitState } from './unitState.ts';

/** Mean seconds between alarms of one unit. */
const MEAN_ALARM_INTERVAL_S = 600;

interface AlarmTemplate {
  code: string;
  level: number;
  /** Raised by the aircraft (in the air) or by the dock. */
  source: 'aircraft' | 'dock';
  imminent: 0 | 1;
}

const TEMPLATES: readonly AlarmTemplate[] = [
  // Aircraft left its planned route.
  { code: '0x1B030019', level: 1, source: 'aircraft', imminent: 0 },
  { code: '0x16100083', level: 2, source: 'aircraft', imminent: 1 },
  // Dock RTK base station disconnected.
  { code: '0x12040000', level: 1, source: 'dock', imminent: 0 },
];

function raise(def: SimUnitDef, s: UnitState, rng: Rng): HmsAlarm {
  const airborne = s.elevation > 0;
  const t = rng.pick(TEMPLATES.filter((x) => airborne || x.source === 'dock'));
  return {
    level: t.level,
    module: 3,
    in_the_sky: t.source === 'aircraft' && airborne ? 1 : 0,
    code: t.code,
    device_type: t.source === 'aircraft' ? def.aircraft.modelKey : def.dock.modelKey,
    imminent: t.imminent,
    args: { component_index: 0, sensor_index: rng.int(0, 1) },
  };
}

/** Ages active alarms and maybe raises one; sets `hmsChanged` when the set changed. */
export function stepAlarms(def: SimUnitDef, s: UnitState, dt: number, rng: Rng): void {
  const before = s.alarms.length;
  for (const a of s.alarms) a.ttl -= dt;
  s.alarms = s.alarms.filter((a) => a.ttl > 0);
  if (s.alarms.length === 0 && rng.chance(dt / MEAN_ALARM_INTERVAL_S)) {
    s.alarms.push({ alarm: raise(def, s, rng), ttl: rng.range(30, 120) });
  }
  if (s.alarms.length !== before) s.hmsChanged = true;
}

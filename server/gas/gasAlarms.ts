/**
 * Threshold crossings to alarms. A crossing is a device's gas going from below its project's caution
 * level to at or above it; it raises ONE alarm, made more severe if the reading climbs past warning,
 * and nothing more until the gas falls back below caution. The alarm is an AI-alarm row (category
 * `gas_ch4`, …) so /aralm's workflow, the open-alarm count and the audit trail apply unchanged; it is
 * also published as the device's `ai_alarm` event so every console's feed and toast hear it live
 * through the existing real-time path (ingestion sees that echo and stores it once: same event id).
 */
import { randomBytes } from 'node:crypto';
import type { GasChannel, GasThreshold } from '../../protocol/gas.ts';
import { CHANNEL_UNIT, gasAlarmCategory } from '../../protocol/gas.ts';
import type { AiAlarmData } from '../../protocol/mqtt/payloads.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import { ingestAiAlarm } from '../ai/ingestAiAlarm.ts';
import type { Db } from '../db/Db.ts';
import type { Notifier } from '../notifications/Notifier.ts';
import { levelFor } from './gasThresholds.ts';
import type { Fix } from './lastPosition.ts';

export type Publish = (topic: string, payload: string) => void;

/** A gas above caution on one device: the level raised and the alarm that says so. */
export interface CrossingState {
  level: number;
  alarmId: number | null;
}

/**
 * Device → gas → state while above caution, loaded from the table once per device: the app's
 * (`GasState.alarms`), so a crossing is raised once however many readings follow it.
 */
export type CrossingStates = Map<string, Map<string, CrossingState>>;

async function statesOf(db: Db, byDevice: CrossingStates, sn: string) {
  let mine = byDevice.get(sn);
  if (!mine) {
    const rows = await db.query<{ gas: string; level: number; alarm_id: number | null }>(
      'select gas, level, alarm_id from gas_alarm_state where device_sn = $1',
      [sn],
    );
    mine = new Map(rows.map((r) => [r.gas, { level: r.level, alarmId: r.alarm_id }]));
    byDevice.set(sn, mine);
  }
  return mine;
}

export interface CrossingInput {
  sn: string;
  ts: number;
  values: Partial<Record<GasChannel, number | null>>;
  thresholds: readonly GasThreshold[];
  /** Where the alarm is placed (asked only when one is raised); null: no position. */
  position: () => Promise<Fix | null>;
  publish: Publish | undefined;
  /** Told of each crossing, for the project's notification rules. */
  notifier: Notifier;
}

/**
 * A new id for each crossing. Its time alone is not enough: readings that arrive in one burst share
 * their millisecond, and an alarm stored under an id already taken is dropped as a repeat (that is
 * how the echo of the published event is stored once), so two crossings of one burst need two ids.
 */
const crossingId = (gas: string, ts: number): string =>
  `gas-${gas}-${ts.toString(36)}-${randomBytes(4).toString('hex')}`;

/** The alarm's body; without a position it carries none (never a made-up 0,0). */
function alarmEvent(
  input: CrossingInput,
  t: GasThreshold,
  value: number,
  level: number,
  at: Fix | null,
) {
  const data: Omit<AiAlarmData, 'latitude' | 'longitude'> &
    Partial<Pick<AiAlarmData, 'latitude' | 'longitude'>> &
    Record<string, unknown> = {
    alarm_id: crossingId(t.gas, input.ts),
    category: gasAlarmCategory(t.gas),
    confidence: 1,
    level,
    ...(at ? { latitude: at.lat, longitude: at.lng } : {}),
    payload_index: 'gas',
    // Kept in the stored payload: what crossed which limit.
    gas: t.gas,
    value,
    unit: CHANNEL_UNIT[t.gas],
    threshold: level >= 2 ? t.warning : t.caution,
    source: 'skydeck_threshold',
  };
  return data;
}

/** Applies one reading's values to the crossing `states`; returns the alarm ids raised. */
export async function checkCrossings(
  db: Db,
  states: CrossingStates,
  input: CrossingInput,
): Promise<number[]> {
  const mine = await statesOf(db, states, input.sn);
  const raised: number[] = [];
  for (const t of input.thresholds) {
    const value = input.values[t.gas];
    if (value === null || value === undefined) continue;
    const level = levelFor(value, t);
    const prev = mine.get(t.gas);
    if (level === 0) {
      if (prev) {
        mine.delete(t.gas);
        await db.query('delete from gas_alarm_state where device_sn = $1 and gas = $2', [
          input.sn,
          t.gas,
        ]);
      }
      continue;
    }
    if (prev) {
      if (level > prev.level) {
        prev.level = level;
        input.notifier.notify({
          kind: 'gas',
          deviceSn: input.sn,
          gas: t.gas,
          value,
          level,
          threshold: t.warning,
          at: input.ts,
        });
        if (prev.alarmId !== null)
          await db.query('update ai_alarms set level = $2 where id = $1', [prev.alarmId, level]);
        await db.query('update gas_alarm_state set level = $3 where device_sn = $1 and gas = $2', [
          input.sn,
          t.gas,
          level,
        ]);
      }
      continue;
    }
    const data = alarmEvent(input, t, value, level, await input.position());
    // No snapshot context: a crossing carries neither a picture nor a box to draw one from.
    const id = await ingestAiAlarm(db, null, input.sn, data, input.ts);
    mine.set(t.gas, { level, alarmId: id });
    await db.query(
      `insert into gas_alarm_state (device_sn, gas, level, alarm_id, since) values ($1, $2, $3, $4, $5)
       on conflict (device_sn, gas) do update set level = $3, alarm_id = $4, since = $5`,
      [input.sn, t.gas, level, id, new Date(input.ts)],
    );
    if (id !== null) raised.push(id);
    input.notifier.notify({
      kind: 'gas',
      deviceSn: input.sn,
      gas: t.gas,
      value,
      level,
      threshold: level >= 2 ? t.warning : t.caution,
      at: input.ts,
    });
    input.publish?.(
      thingTopic(input.sn, 'events'),
      JSON.stringify({
        tid: `${input.sn}-${data.alarm_id}`,
        bid: `gas-${input.sn}-${t.gas}`,
        timestamp: input.ts,
        method: 'ai_alarm',
        data,
      }),
    );
  }
  return raised;
}

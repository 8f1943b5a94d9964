/**
 * Whether a route was planned for the aircraft a dock carries. A wayline file names the aircraft it
 * was planned for (`droneEnumValue`/`droneSubEnumValue`, stored as `drone_model_key`); a dock flies
 * only with its own aircraft, whose model the server learns from the device's registration. The two
 * must be the same model: speeds, gimbal angles and payload actions of one model are not valid on
 * another, and a dock that takes such a file flies it wrongly or fails half-way.
 */
import { MODELS } from '../../protocol/mqtt/models.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';

/** What the server makes of a route on a dock's aircraft. */
export type AircraftFit =
  | { kind: 'ok' }
  /** Both models are known and differ: refused. */
  | { kind: 'mismatch'; route: string; aircraft: string }
  /** The route's model is not one the server knows: refused unless someone allowed confirms it. */
  | { kind: 'unknown'; route: string };

/** A model key in words: its product name, or the key itself when the table lacks it. */
export function modelWords(key: string): string {
  return MODELS[key] ?? (key === '' ? '?' : key);
}

/**
 * The model key of the aircraft a dock carries, or null when the server has none on record. An
 * aircraft that left the dock keeps its `gateway_sn` (the topology update only marks it offline), so
 * the one online, else the one heard last, is the dock's aircraft.
 */
export async function dockAircraftKey(db: Db, dockSn: string): Promise<string | null> {
  const row = await queryOne<{ domain: number; type: number; sub_type: number }>(
    db,
    `select domain, type, sub_type from devices where gateway_sn = $1 and domain = 0
     order by online desc, last_online_at desc nulls last, id desc limit 1`,
    [dockSn],
  );
  return row ? `${String(row.domain)}-${String(row.type)}-${String(row.sub_type)}` : null;
}

/**
 * How route model `routeKey` fits aircraft `aircraftKey`. A route of an unknown model cannot be
 * checked against anything, so it is `unknown` whatever the dock carries. A dock whose aircraft the
 * server has never heard of cannot be judged either; it is let through, and the dock itself refuses
 * a flight it has no aircraft for.
 */
export function aircraftFit(routeKey: string, aircraftKey: string | null): AircraftFit {
  if (MODELS[routeKey] === undefined) return { kind: 'unknown', route: routeKey };
  if (aircraftKey === null || aircraftKey === routeKey) return { kind: 'ok' };
  return { kind: 'mismatch', route: routeKey, aircraft: aircraftKey };
}

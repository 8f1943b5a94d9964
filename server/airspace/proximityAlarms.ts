/**
 * Aircraft near a flight area's boundary or on its wrong side, from the docks'
 * `flight_areas_drone_location` reports: an aircraft within the warning distance of a no-fly area's
 * boundary, or of an operation area's edge, raises one alarm (caution); going inside the no-fly area,
 * or outside the operation area, raises another (warning); nothing more until it is clear again —
 * on the right side beyond the warning distance by a margin, or no report about that area for a
 * while. The alarm is an AI-alarm row (category `airspace_nfz` for a no-fly area, `airspace_fence`
 * for an operation area), so /aralm's workflow applies, and it is published as the aircraft's
 * `ai_alarm` event, so every console's alarm feed and toast hear it live through the existing path
 * (as gas alarms are: ingestion sees the echo and stores it once, by its id). The project's
 * notification rules are told here, where the row is stored: the echo finds it stored already and
 * says nothing.
 */
import { randomBytes } from 'node:crypto';
import { alarmCategoryOf, breaches } from '../../protocol/airspace.ts';
import type { AirspaceKind, FlightAreaDroneLocation } from '../../protocol/airspace.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import { ingestAiAlarm } from '../ai/ingestAiAlarm.ts';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { lastPosition } from '../gas/lastPosition.ts';
import type { LastPositions } from '../gas/lastPosition.ts';
import type { Notifier } from '../notifications/Notifier.ts';

/** Beyond the warning distance by this much, m, an aircraft counts as clear again. */
const CLEAR_MARGIN_M = 20;
/** No report about an area for this long, ms, and the aircraft counts as clear of it. */
const FORGET_AFTER_MS = 60_000;
/** Levels of the alarm: near the boundary; on its wrong side (inside no-fly, outside operation). */
const NEAR = 1;
const BREACH = 2;

/** An alarm raised about one aircraft and area: its level and when the area was last reported. */
export interface HeldAlarm {
  level: number;
  seen: number;
}

/** `aircraft|area` → the alarm held: the app's (`AirspaceState.held`). */
export type HeldAlarms = Map<string, HeldAlarm>;

/** What the checks keep between reports and read besides the database: the app's, from its deps. */
export interface ProximityState {
  /** The alarms raised and not yet clear (`AirspaceState.held`). */
  held: HeldAlarms;
  /** Where gas readings last placed each aircraft (`GasState.positions`), to place the alarm. */
  positions: LastPositions;
}

export interface ProximityInput {
  dockSn: string;
  at: number;
  locations: readonly FlightAreaDroneLocation[];
  /** Warning distance to an area's boundary, m. */
  warnM: number;
  /** Publishes one of the server's own messages (the device gateway's `publish`). */
  publish: (topic: string, payload: object) => void;
  /** Told of each alarm raised, for the project's notification rules. */
  notifier: Notifier;
}

async function aircraftOf(db: Db, dockSn: string): Promise<string | undefined> {
  const row = await queryOne<{ device_sn: string }>(
    db,
    'select device_sn from devices where gateway_sn = $1 and domain = 0 order by id limit 1',
    [dockSn],
  );
  return row?.device_sn;
}

interface WatchedArea {
  name: string;
  kind: AirspaceKind;
}

/** The enabled areas of the dock's project among `ids`, by area id, with their names and kinds. */
async function watchedAreas(
  db: Db,
  dockSn: string,
  ids: readonly string[],
): Promise<Map<string, WatchedArea>> {
  const rows = await db.query<{ area_id: string; name: string; kind: AirspaceKind }>(
    `select a.area_id, a.name, a.kind from airspace_areas a
     join devices d on d.workspace_id = a.workspace_id and d.device_sn = $1
     where a.area_id = any($2::text[]) and a.enabled`,
    [dockSn, ids],
  );
  return new Map(rows.map((r) => [r.area_id, { name: r.name, kind: r.kind }]));
}

async function raise(
  db: Db,
  positions: LastPositions,
  input: ProximityInput,
  aircraftSn: string,
  area: WatchedArea & { id: string; location: FlightAreaDroneLocation; level: number },
): Promise<void> {
  const at = await lastPosition(db, positions, aircraftSn, input.at);
  const data = {
    alarm_id: `airspace-${input.at.toString(36)}-${randomBytes(4).toString('hex')}`,
    category: alarmCategoryOf(area.kind),
    confidence: 1,
    level: area.level,
    ...(at ? { latitude: at.lat, longitude: at.lng } : {}),
    payload_index: 'airspace',
    area_id: area.id,
    area_name: area.name,
    area_kind: area.kind,
    area_distance: Math.round(area.location.area_distance * 10) / 10,
    is_in_area: area.location.is_in_area,
    source: 'skydeck_airspace',
  };
  // No snapshot context: the alarm carries neither a picture nor a box to draw one from.
  const alarmId = await ingestAiAlarm(db, null, aircraftSn, data, input.at);
  if (alarmId !== null)
    input.notifier.notify({
      kind: 'ai_alarm',
      deviceSn: aircraftSn,
      alarmId,
      category: alarmCategoryOf(area.kind),
      confidence: 1,
      level: area.level,
      at: input.at,
      area: {
        kind: area.kind,
        name: area.name,
        distanceM: data.area_distance,
        inside: area.location.is_in_area,
      },
    });
  input.publish(thingTopic(aircraftSn, 'events'), {
    tid: `${aircraftSn}-${data.alarm_id}`,
    bid: `airspace-${aircraftSn}-${area.id}`,
    timestamp: input.at,
    method: 'ai_alarm',
    data,
  });
}

/** Applies one report to the alarms `state` holds; returns how many alarms it raised. */
export async function checkProximity(
  db: Db,
  state: ProximityState,
  input: ProximityInput,
): Promise<number> {
  const map = state.held;
  for (const [key, h] of map) if (input.at - h.seen > FORGET_AFTER_MS) map.delete(key);
  if (input.locations.length === 0) return 0;
  const areas = await watchedAreas(
    db,
    input.dockSn,
    input.locations.map((l) => l.area_id),
  );
  if (areas.size === 0) return 0;
  const aircraftSn = (await aircraftOf(db, input.dockSn)) ?? input.dockSn;
  let raised = 0;
  for (const location of input.locations) {
    const area = areas.get(location.area_id);
    if (area === undefined) continue;
    const key = `${aircraftSn}|${location.area_id}`;
    const before = map.get(key);
    const breach = breaches(area.kind, location.is_in_area);
    const level = breach ? BREACH : location.area_distance <= input.warnM ? NEAR : 0;
    if (level === 0) {
      if (before && location.area_distance > input.warnM + CLEAR_MARGIN_M) map.delete(key);
      else if (before) before.seen = input.at;
      continue;
    }
    map.set(key, { level: Math.max(level, before?.level ?? 0), seen: input.at });
    if (level <= (before?.level ?? 0)) continue;
    await raise(db, state.positions, input, aircraftSn, {
      ...area,
      id: location.area_id,
      location,
      level,
    });
    raised++;
  }
  return raised;
}

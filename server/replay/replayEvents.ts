/**
 * The events of a replay window, read from where each is stored: HMS alarms
 * (`device_hms_alarms`), AI alarms and gas threshold crossings (`ai_alarms`, whose `gas_*` rows are
 * the crossings gasAlarms.ts raises), task runs (`flight_task_executions`), DRC holds (`drc_holds`)
 * and flight commands (the audit log). Every read is limited to the window's devices, which are
 * already limited to the caller's workspaces, and to `limit + 1` rows, so a truncated kind is known.
 */
import type { ReplayDrcHold, ReplayEvent } from '../../protocol/replay.ts';
import type { Db } from '../db/Db.ts';
import type { EventScope } from './eventScope.ts';
import { blankEvent as event } from './eventScope.ts';
import { readCommands } from './replayCommands.ts';

export interface EventRead {
  events: ReplayEvent[];
  drc: ReplayDrcHold[];
  truncated: boolean;
}

const ms = (d: Date | null): number | null => (d === null ? null : d.getTime());
const inWindow = (t: number | null, s: EventScope): t is number =>
  t !== null && t >= s.from && t < s.to;

interface HmsRow {
  id: number;
  gateway_sn: string;
  code: string;
  level: number;
  aircraft_sn: string | null;
  raised_at: Date;
  cleared_at: Date | null;
}

/** HMS alarms raised in the window, and those raised before it still active at its start. */
async function hmsEvents(db: Db, s: EventScope): Promise<ReplayEvent[][]> {
  const rows = await db.query<HmsRow>(
    `select a.id, a.gateway_sn, a.code, a.level, a.raised_at, a.cleared_at,
       case when a.device_type like '0-%' then (
         select c.device_sn from devices c
         where c.gateway_sn = a.gateway_sn and c.domain = 0 order by c.id limit 1) end as aircraft_sn
     from device_hms_alarms a
     where a.gateway_sn = any($1) and a.raised_at < $3 and (a.cleared_at is null or a.cleared_at >= $2)
     order by a.raised_at, a.id limit $4`,
    [s.sns, new Date(s.from), new Date(s.to), s.limit + 1],
  );
  return [
    rows.map((r) => ({
      ...event('hms', r.id, r.raised_at.getTime(), r.aircraft_sn ?? r.gateway_sn),
      dock_sn: r.gateway_sn,
      level: r.level,
      label: r.code,
      until: ms(r.cleared_at),
    })),
  ];
}

interface AiRow {
  id: number;
  device_sn: string;
  category: string;
  level: number;
  confidence: number;
  latitude: number | null;
  longitude: number | null;
  raised_at: Date;
  gas: string | null;
  value: string | null;
  threshold: string | null;
  unit: string | null;
}

/** AI alarms and gas threshold crossings (AI alarms of category `gas_*`) raised in the window. */
async function alarmEvents(db: Db, s: EventScope): Promise<ReplayEvent[][]> {
  const read = (gas: boolean) =>
    db.query<AiRow>(
      `select id, device_sn, category, level, confidence, latitude, longitude, raised_at,
         payload->>'gas' as gas, payload->>'value' as value, payload->>'threshold' as threshold,
         payload->>'unit' as unit
       from ai_alarms
       where workspace_id = any($1) and device_sn = any($2) and raised_at >= $3 and raised_at < $4
         and (category like 'gas\\_%') = $6
       order by raised_at, id limit $5`,
      [s.workspaces, s.sns, new Date(s.from), new Date(s.to), s.limit + 1, gas],
    );
  const [ai, gas] = await Promise.all([read(false), read(true)]);
  const base = (kind: 'ai_alarm' | 'gas', r: AiRow): ReplayEvent => ({
    ...event(kind, r.id, r.raised_at.getTime(), r.device_sn),
    level: r.level,
    lat: r.latitude,
    lng: r.longitude,
  });
  return [
    ai.map((r) => ({
      ...base('ai_alarm', r),
      label: r.category,
      detail: `${String(Math.round(r.confidence * 100))}%`,
    })),
    gas.map((r) => ({
      ...base('gas', r),
      label: r.gas ?? r.category.replace(/^gas_/, ''),
      detail: r.value === null ? '' : `${r.value} ${r.unit ?? ''} ≥ ${r.threshold ?? ''}`.trim(),
    })),
  ];
}

interface RunRow {
  id: number;
  task_id: number;
  name: string;
  dock_sn: string;
  state: string;
  started_at: Date | null;
  ended_at: Date | null;
}

/** Starts and ends of task runs that fall in the window. */
async function taskEvents(db: Db, s: EventScope): Promise<ReplayEvent[][]> {
  const rows = await db.query<RunRow>(
    `select e.id, e.task_id, t.name, e.dock_sn, e.state, e.started_at, e.ended_at
     from flight_task_executions e join flight_tasks t on t.id = e.task_id
     where t.workspace_id = any($1) and e.dock_sn = any($2)
       and ((e.started_at >= $3 and e.started_at < $4) or (e.ended_at >= $3 and e.ended_at < $4))
     order by coalesce(e.started_at, e.ended_at), e.id limit $5`,
    [s.workspaces, s.sns, new Date(s.from), new Date(s.to), s.limit + 1],
  );
  const starts: ReplayEvent[] = [];
  const ends: ReplayEvent[] = [];
  for (const r of rows) {
    const sn = s.aircraftOf.get(r.dock_sn) ?? r.dock_sn;
    const common = { dock_sn: r.dock_sn, label: r.name, detail: r.state };
    const start = ms(r.started_at);
    const end = ms(r.ended_at);
    if (inWindow(start, s)) starts.push({ ...event('task_start', r.id, start, sn), ...common });
    if (inWindow(end, s)) ends.push({ ...event('task_end', r.id, end, sn), ...common });
  }
  return [starts, ends];
}

interface HoldRow {
  id: number;
  dock_sn: string;
  aircraft_sn: string;
  username: string;
  started_at: Date;
  ended_at: Date | null;
}

/** DRC holds overlapping the window, and their starts and ends in it as events. */
async function drcHolds(
  db: Db,
  s: EventScope,
): Promise<{ holds: HoldRow[]; events: ReplayEvent[][] }> {
  const holds = await db.query<HoldRow>(
    `select id, dock_sn, aircraft_sn, username, started_at, ended_at from drc_holds
     where dock_sn = any($1) and started_at < $3 and (ended_at is null or ended_at >= $2)
     order by started_at, id limit $4`,
    [s.sns, new Date(s.from), new Date(s.to), s.limit + 1],
  );
  const starts: ReplayEvent[] = [];
  const ends: ReplayEvent[] = [];
  for (const h of holds) {
    const common = { dock_sn: h.dock_sn, user: h.username, label: h.username };
    const start = h.started_at.getTime();
    const end = ms(h.ended_at);
    if (inWindow(start, s))
      starts.push({ ...event('drc_start', h.id, start, h.aircraft_sn), ...common });
    if (inWindow(end, s)) ends.push({ ...event('drc_end', h.id, end, h.aircraft_sn), ...common });
  }
  return { holds, events: [starts, ends] };
}

/** Every event of the window in time order, the DRC holds, and whether a kind was cut short. */
export async function readEvents(db: Db, s: EventScope): Promise<EventRead> {
  if (s.sns.length === 0) return { events: [], drc: [], truncated: false };
  const [hms, alarms, tasks, drc, commands] = await Promise.all([
    hmsEvents(db, s),
    alarmEvents(db, s),
    taskEvents(db, s),
    drcHolds(db, s),
    readCommands(db, s),
  ]);
  const kinds = [...hms, ...alarms, ...tasks, ...drc.events, commands];
  const truncated = kinds.some((k) => k.length > s.limit) || drc.holds.length > s.limit;
  const events = kinds.flatMap((k) => k.slice(0, s.limit)).sort((a, b) => a.t - b.t);
  return {
    events,
    drc: drc.holds.slice(0, s.limit).map((h) => ({
      dock_sn: h.dock_sn,
      aircraft_sn: h.aircraft_sn,
      username: h.username,
      start: h.started_at.getTime(),
      end: ms(h.ended_at),
    })),
    truncated,
  };
}

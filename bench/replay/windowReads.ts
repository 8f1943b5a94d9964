/**
 * The server's share of opening a replay window, on one database: the two fleets inserted, the month
 * thinned as the server thins it, then each window read as `GET /api/replay/window` reads it
 * (readReplayWindow) and written as it answers it (windowJson), a few times each.
 */
import type { Db } from '../../server/db/Db.ts';
import { readReplayWindow } from '../../server/replay/replayWindow.ts';
import { catchUpTracks } from '../../server/replay/trackRollup.ts';
import { windowJson } from '../../server/replay/windowJson.ts';
import { addFleet, fly } from './fleetFill.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Midnight UTC of the first day of the 30-day fleet. */
const T0 = Date.UTC(2026, 0, 1);
/** The hour of the 200-aircraft fleet: on the 31st day, after the month fleet's flights. */
const HOUR_T0 = T0 + 30 * DAY_MS + 12 * HOUR_MS;
/** The bench's "now": the next day, when every minute is thinned. */
const NOW = T0 + 31 * DAY_MS + HOUR_MS;
/** The month fleet flies this long a day. */
export const FLIGHT_S = 2 * 3600;

interface Case {
  label: string;
  workspace: number;
  from: number;
  to: number;
  width: number;
  stored: number;
}

export interface Filled {
  hourWs: number;
  monthWs: number;
  hourFillS: number;
  monthFillS: number;
  thinS: number;
  keptPoints: number;
}

const ms = (v: number): number => Math.round(v * 10) / 10;
export const median = (v: readonly number[]): number =>
  [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;

/** Both fleets, their devices and their tracks, and every past minute thinned. */
export async function fill(db: Db, hourFleet: number, days: number): Promise<Filled> {
  const [a, b] = await db.query<{ id: number }>(
    `insert into workspaces (name, mold_id) values ('hour fleet', 2), ('month fleet', 2) returning id`,
  );
  const hourWs = a?.id ?? 0;
  const monthWs = b?.id ?? 0;
  await addFleet(db, hourWs, 'HOUR', hourFleet);
  await addFleet(db, monthWs, 'MONTH', 20);
  const hourStart = performance.now();
  await fly(db, 'HOUR', hourFleet, HOUR_T0, 3600);
  const hourFillS = (performance.now() - hourStart) / 1000;
  const monthStart = performance.now();
  for (let day = 0; day < days; day++)
    await fly(db, 'MONTH', 20, T0 + day * DAY_MS + 8 * HOUR_MS, FLIGHT_S);
  const monthFillS = (performance.now() - monthStart) / 1000;
  return { hourWs, monthWs, hourFillS, monthFillS, thinS: 0, keptPoints: 0 };
}

/** Thins every minute before the bench's now, as the server does a few minutes after each. */
export async function thin(db: Db, filled: Filled): Promise<void> {
  const start = performance.now();
  await catchUpTracks(db, NOW, Infinity);
  filled.thinS = (performance.now() - start) / 1000;
  const [kept] = await db.query<{ n: number }>('select count(*)::int as n from device_track_keep');
  filled.keptPoints = kept?.n ?? 0;
}

/** Marks the row of the window the page opens (the hour at its timeline's width). */
export const PAGE_ROW = "the page's timeline";

/** The windows measured; `pageWidth` (0: none) adds the hour at the page's timeline width. */
export function casesOf(f: Filled, hourFleet: number, days: number, pageWidth: number): Case[] {
  const hour = { workspace: f.hourWs, from: HOUR_T0, to: HOUR_T0 + HOUR_MS };
  const month = { workspace: f.monthWs, from: T0, to: T0 + days * DAY_MS };
  const hourPoints = hourFleet * 3600;
  const monthPoints = 20 * days * FLIGHT_S;
  const fleet = `${String(hourFleet)} aircraft`;
  const page: Case[] =
    pageWidth > 0
      ? [
          {
            label: `1 h, ${fleet}, ${String(pageWidth)} px (${PAGE_ROW})`,
            ...hour,
            width: pageWidth,
            stored: hourPoints,
          },
        ]
      : [];
  return [
    ...page,
    { label: `1 h, ${fleet}, 1600 px (every point)`, ...hour, width: 1600, stored: hourPoints },
    { label: `1 h, ${fleet}, 400 px (9 s buckets)`, ...hour, width: 400, stored: hourPoints },
    {
      label: `1 h, ${fleet}, 60 px (1 min buckets: the page's overview)`,
      ...hour,
      width: 60,
      stored: hourPoints,
    },
    {
      label: `${String(days)} days, 20 aircraft, 1600 px`,
      ...month,
      width: 1600,
      stored: monthPoints,
    },
    {
      label: `${String(days)} days, 20 aircraft, 400 px`,
      ...month,
      width: 400,
      stored: monthPoints,
    },
    {
      label: '1 day, 20 aircraft, 1600 px',
      ...month,
      to: T0 + DAY_MS,
      width: 1600,
      stored: 20 * FLIGHT_S,
    },
  ];
}

/**
 * One window read `runs` times after a warm-up: the points answered, the answer's size, the read's
 * median and max, and the median of writing the answer's JSON.
 */
export async function measure(db: Db, c: Case, runs: number): Promise<(string | number)[]> {
  const read = () =>
    readReplayWindow(db, {
      workspaces: [c.workspace],
      devices: undefined,
      from: c.from,
      to: c.to,
      width: c.width,
      keptFrom: null,
    });
  let text = windowJson(await read());
  const times: number[] = [];
  const writes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const answer = await read();
    const done = performance.now();
    text = windowJson(answer);
    writes.push(performance.now() - done);
    times.push(done - start);
  }
  const parsed = JSON.parse(text) as { bucket_ms: number; tracks: { t: number[] }[] };
  const points = parsed.tracks.reduce((n, t) => n + t.t.length, 0);
  return [
    c.label,
    c.stored,
    points,
    parsed.bucket_ms / 1000,
    Math.round(Buffer.byteLength(text) / 1024),
    ms(median(times)),
    ms(Math.max(...times)),
    ms(median(writes)),
  ];
}

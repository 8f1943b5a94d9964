/**
 * Synthetic fleets for the replay benchmark, generated inside the database: a workspace's aircraft
 * (each with its dock) and their tracks at one point a second. Points are inserted second by second
 * across the fleet, as live ingestion stores them, so an aircraft's hour is spread over the table's
 * pages the way it is in a real database rather than lying in one run of pages.
 */
import type { Db } from '../../server/db/Db.ts';

/** `count` aircraft named `prefix000…` in `workspace`, each with its dock `prefixD000…`. */
export async function addFleet(db: Db, workspace: number, prefix: string, count: number) {
  await db.query(
    `insert into devices (device_sn, name, domain, type, sub_type, workspace_id, gateway_sn)
     select $2::text || 'D' || lpad(d::text, 3, '0'), 'dock ' || d, 3, 2, 0, $1::int, null::text
     from generate_series(0, $3::int - 1) d
     union all
     select $2::text || lpad(d::text, 3, '0'), 'aircraft ' || d, 0, 91, 0, $1::int,
       $2::text || 'D' || lpad(d::text, 3, '0')
     from generate_series(0, $3::int - 1) d`,
    [workspace, prefix, count],
  );
}

/** `seconds` of one point a second for each of `count` aircraft from `start` (epoch ms). */
export async function fly(db: Db, prefix: string, count: number, start: number, seconds: number) {
  await db.query(
    `insert into device_tracks (device_sn, ts, latitude, longitude, height, elevation,
       horizontal_speed, battery_percent, mode_code)
     select $1::text || lpad(d::text, 3, '0'), $2::timestamptz + make_interval(secs => s),
       22.5 + 0.01 * sin(s / 300.0 + d), 113.9 + 0.01 * cos(s / 300.0 + d),
       100 + 20 * sin(s / 60.0), 80, 8 + 2 * sin(s / 30.0), 100 - s * 60 / $4::int, 5
     from generate_series(0, $4::int - 1) s, generate_series(0, $3::int - 1) d
     order by s, d`,
    [prefix, new Date(start), count, seconds],
  );
}

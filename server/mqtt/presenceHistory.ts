/**
 * Presence writes that also keep the transitions (migration 0997, `device_presence`) for the fleet
 * replay's lanes: `devices.online` only says what is true now. Each statement changes the flag and
 * notes exactly the devices whose flag it changed, judged from the same snapshot, so a device
 * already online (most `markOnline` calls: every topology repeats the gateway) writes no row.
 */
import type { Db } from '../db/Db.ts';

/** Marks `sns` online at `at` (and heard then), noting those that were offline. */
export async function markOnlineNoted(db: Db, sns: readonly string[], at: number): Promise<void> {
  await db.query(
    `with was_offline as (
       select device_sn from devices where device_sn = any($1) and not online
     ), changed as (
       update devices set online = true, last_online_at = $2 where device_sn = any($1)
     )
     insert into device_presence (device_sn, at, online) select device_sn, $2, true from was_offline`,
    [sns, new Date(at)],
  );
}

/**
 * Marks `sns` offline, noting those that were online. `lastHeard[i]` is when `sns[i]` was last heard
 * (ms), which is when it went quiet; null: now.
 */
export async function markOfflineNoted(
  db: Db,
  sns: readonly string[],
  lastHeard: readonly (number | null)[],
): Promise<void> {
  await db.query(
    `with changed as (
       update devices set online = false where device_sn = any($1) and online returning device_sn
     )
     insert into device_presence (device_sn, at, online)
     select c.device_sn, coalesce(h.at, now()), false
     from changed c left join unnest($1::text[], $2::timestamptz[]) as h(sn, at) on h.sn = c.device_sn`,
    [sns, lastHeard.map((t) => (t === null ? null : new Date(t)))],
  );
}

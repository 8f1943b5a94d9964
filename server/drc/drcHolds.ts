/**
 * The history of DRC holds (migration 0997, `drc_holds`) that the fleet replay reads: `drc_sessions`
 * keeps only the current holder of each dock, so a hold is noted when the dock enters DRC for a
 * pilot and closed when that session ends. drcStore.ts calls these next to the session writes.
 */
import type { Db } from '../db/Db.ts';

/**
 * Notes that the session row of `dockSn` served by `owner` is now flying: any hold of another pilot
 * still open on the dock ends (it was taken over), and the pilot's own hold opens unless it already
 * is (a pilot entering again keeps one hold). The hold starts at the session's `since`, which a
 * pilot continuing a session keeps.
 */
export async function openDrcHold(db: Db, dockSn: string, owner: string): Promise<void> {
  await db.query(
    `update drc_holds h set ended_at = greatest(now(), h.started_at)
     from drc_sessions s
     where s.dock_sn = $1 and s.owner = $2 and h.dock_sn = $1 and h.ended_at is null
       and h.user_id is distinct from s.user_id`,
    [dockSn, owner],
  );
  await db.query(
    `insert into drc_holds (dock_sn, aircraft_sn, user_id, username, started_at)
     select s.dock_sn, s.aircraft_sn, s.user_id, s.username, s.since
     from drc_sessions s
     where s.dock_sn = $1 and s.owner = $2 and s.entered
       and not exists (select 1 from drc_holds h where h.dock_sn = $1 and h.ended_at is null
                       and h.user_id = s.user_id)`,
    [dockSn, owner],
  );
}

/**
 * The session of `userId` on `dockSn` ended: closes the holds open on the dock that no session row
 * backs any more — the pilot's own, and one left open when a stale session was claimed by someone
 * whose entry then failed.
 */
export async function closeDrcHold(db: Db, dockSn: string, userId: number): Promise<void> {
  await db.query(
    `update drc_holds h set ended_at = greatest(now(), h.started_at)
     where h.dock_sn = $1 and h.ended_at is null
       and (h.user_id = $2 or not exists (
         select 1 from drc_sessions s where s.dock_sn = $1 and s.user_id = h.user_id))`,
    [dockSn, userId],
  );
}

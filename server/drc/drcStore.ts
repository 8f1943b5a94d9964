/**
 * DRC sessions in the database (migrations 0600, 0920): the one record of who holds which dock,
 * shared by every instance on the database. Entering claims the dock atomically, so two pilots never
 * hold one dock even when they enter through different instances; every instance reads the holder
 * from here for `/api/drc/status` and the broker's `drc/down` rule.
 *
 * Each row names the instance serving it (`owner`, which watches heartbeats, expiry and renewal) and
 * when that instance last said it is alive (`owner_seen_at`). `last_heartbeat` is the pilot's: any
 * instance that hears a heartbeat notes it, so the owner sees it wherever it arrived. A row whose
 * pilot went quiet for the heartbeat timeout, or whose credentials expired, may be claimed by anyone;
 * a row whose owner went quiet (or shut down cleanly) is taken over by another instance.
 */
import type { Db } from '../db/Db.ts';
import { closeDrcHold, openDrcHold } from './drcHolds.ts';

export interface StoredSession {
  dockSn: string;
  aircraftSn: string;
  payloadIndex: string;
  userId: number;
  username: string;
  roleId: number;
  /** Epoch ms. */
  since: number;
  expiresAt: number;
  lastHeartbeat: number;
}

/** A row as every instance reads it. */
export interface SessionRow extends StoredSession {
  /** `drc_mode_enter` was answered: the dock is in DRC for this holder. */
  entered: boolean;
  owner: string | null;
  ownerSeenAt: number;
}

interface Row {
  dock_sn: string;
  aircraft_sn: string;
  payload_index: string;
  user_id: number;
  username: string;
  role_id: number;
  since: Date;
  expires_at: Date;
  last_heartbeat: Date;
  entered: boolean;
  owner: string | null;
  owner_seen_at: Date;
}

const COLUMNS = `dock_sn, aircraft_sn, payload_index, user_id, username, role_id, since, expires_at,
  last_heartbeat, entered, owner, owner_seen_at`;

const fromRow = (r: Row): SessionRow => ({
  dockSn: r.dock_sn,
  aircraftSn: r.aircraft_sn,
  payloadIndex: r.payload_index,
  userId: r.user_id,
  username: r.username,
  roleId: r.role_id,
  since: r.since.getTime(),
  expiresAt: r.expires_at.getTime(),
  lastHeartbeat: r.last_heartbeat.getTime(),
  entered: r.entered,
  owner: r.owner,
  ownerSeenAt: r.owner_seen_at.getTime(),
});

const at = (ms: number): Date => new Date(ms);

/** Whether the row still holds its dock at `now`: unexpired, and the pilot heard within `staleMs`. */
export const isLive = (row: StoredSession, now: number, staleMs: number): boolean =>
  row.expiresAt > now && row.lastHeartbeat > now - staleMs;

/** Every session row. The table holds one row per dock in DRC: a handful. */
export async function readSessions(db: Db): Promise<SessionRow[]> {
  return (await db.query<Row>(`select ${COLUMNS} from drc_sessions`)).map(fromRow);
}

/** The row of `dockSn`, if any. */
export async function readSession(db: Db, dockSn: string): Promise<SessionRow | undefined> {
  const rows = await db.query<Row>(`select ${COLUMNS} from drc_sessions where dock_sn = $1`, [
    dockSn,
  ]);
  const row = rows[0];
  return row ? fromRow(row) : undefined;
}

/**
 * Claims the dock for `s.userId`, served by `owner`: succeeds when nobody holds it, the same user
 * does, or the holder's row is no longer live at `now`. `entered` says whether the dock is already
 * in DRC for this user (a pilot entering again). Returns the holder's name when someone else holds it.
 */
export async function claimSession(
  db: Db,
  s: StoredSession,
  owner: string,
  now: number,
  staleMs: number,
  entered = false,
): Promise<{ ok: true } | { ok: false; holder: string }> {
  const claimed = await db.query<{ dock_sn: string }>(
    `insert into drc_sessions (dock_sn, aircraft_sn, payload_index, user_id, username, role_id,
       since, expires_at, last_heartbeat, owner, entered, owner_seen_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $12, $13, $10)
     on conflict (dock_sn) do update set aircraft_sn = excluded.aircraft_sn,
       payload_index = excluded.payload_index, user_id = excluded.user_id,
       username = excluded.username, role_id = excluded.role_id, since = excluded.since,
       expires_at = excluded.expires_at, last_heartbeat = excluded.last_heartbeat,
       owner = excluded.owner, entered = excluded.entered, owner_seen_at = excluded.owner_seen_at
     where drc_sessions.user_id = excluded.user_id or drc_sessions.expires_at <= $10
       or drc_sessions.last_heartbeat <= $11
     returning dock_sn`,
    [
      s.dockSn,
      s.aircraftSn,
      s.payloadIndex,
      s.userId,
      s.username,
      s.roleId,
      at(s.since),
      at(s.expiresAt),
      at(s.lastHeartbeat),
      at(now),
      at(now - staleMs),
      owner,
      entered,
    ],
  );
  if (claimed.length > 0) return { ok: true };
  const rows = await db.query<{ username: string }>(
    'select username from drc_sessions where dock_sn = $1',
    [s.dockSn],
  );
  return { ok: false, holder: rows[0]?.username ?? '' };
}

/** The dock answered `drc_mode_enter`: the session now counts as flying. */
export async function markEntered(db: Db, dockSn: string, owner: string): Promise<void> {
  await db.query('update drc_sessions set entered = true where dock_sn = $1 and owner = $2', [
    dockSn,
    owner,
  ]);
  await openDrcHold(db, dockSn, owner);
}

/** Forgets the dock's session when `userId` holds it. */
export async function releaseSession(db: Db, dockSn: string, userId: number): Promise<void> {
  await db.query('delete from drc_sessions where dock_sn = $1 and user_id = $2', [dockSn, userId]);
  await closeDrcHold(db, dockSn, userId);
}

/** Notes a heartbeat of the holder at `now`, whichever instance heard it. */
export async function noteHeartbeat(db: Db, dockSn: string, now: number): Promise<void> {
  await db.query(
    'update drc_sessions set last_heartbeat = greatest(last_heartbeat, $2) where dock_sn = $1',
    [dockSn, at(now)],
  );
}

/** The credentials of `owner`'s session on `dockSn` were renewed until `expiresAt`. */
export async function renewSession(
  db: Db,
  dockSn: string,
  owner: string,
  expiresAt: number,
): Promise<boolean> {
  const rows = await db.query<{ dock_sn: string }>(
    'update drc_sessions set expires_at = $3 where dock_sn = $1 and owner = $2 returning dock_sn',
    [dockSn, owner, at(expiresAt)],
  );
  return rows.length > 0;
}

/** `owner` is alive at `now`: its rows are not to be taken over. */
export async function touchOwner(db: Db, owner: string, now: number): Promise<void> {
  await db.query('update drc_sessions set owner_seen_at = $2 where owner = $1', [owner, at(now)]);
}

/** A clean shutdown: the sessions stay, ownerless, for the next instance to take back. */
export async function orphanSessions(db: Db, owner: string): Promise<void> {
  await db.query('update drc_sessions set owner = null where owner = $1', [owner]);
}

/**
 * Takes for `owner` the entered sessions still valid at `now` that nobody serves: left by a clean
 * shutdown, or whose instance has not said it is alive for `staleMs` (it died). The pilot gets a
 * fresh heartbeat timeout from now, as after any hand-over. Atomic, so two instances never both take
 * one.
 */
export async function adoptSessions(
  db: Db,
  owner: string,
  now: number,
  staleMs: number,
): Promise<SessionRow[]> {
  const rows = await db.query<Row>(
    `update drc_sessions set owner = $1, owner_seen_at = $2,
       last_heartbeat = greatest(last_heartbeat, $2)
     where entered and expires_at > $2 and (owner is null or owner_seen_at <= $3)
     returning ${COLUMNS}`,
    [owner, at(now), at(now - staleMs)],
  );
  return rows.map(fromRow).sort((a, b) => a.dockSn.localeCompare(b.dockSn));
}

/**
 * A DRC session as the instance serving it keeps it in memory, and its conversions to and from the
 * database's record (drcStore.ts).
 */
import { DRC_HEARTBEAT_TIMEOUT_S } from '../../protocol/drc.ts';
import type { DrcActor } from './drcAudit.ts';
import { isLive } from './drcStore.ts';
import type { SessionRow, StoredSession } from './drcStore.ts';

/** A pilot silent for longer than this has lost the dock, ms. */
export const STALE_MS = DRC_HEARTBEAT_TIMEOUT_S * 1000;

export interface DrcUser {
  userId: number;
  username: string;
  roleId: number;
}

/** A session this instance serves. */
export interface Session {
  dockSn: string;
  aircraftSn: string;
  payloadIndex: string;
  holder: DrcUser;
  since: number;
  expiresAt: number;
  lastHeartbeat: number;
  /** Still being granted: counts as held, but the dock is not in DRC yet. */
  pending: boolean;
  /** When the current credentials were handed out (renewal is due by their lifetime). */
  issuedAt: number;
  /** When the last renewal attempt started; null once the current credentials are fresh. */
  renewingSince: number | null;
  /** A renewal is waiting for the dock's answer. */
  renewing: boolean;
}

/** The database's record of `s`. */
export const storedOf = (s: Session): StoredSession => ({
  dockSn: s.dockSn,
  aircraftSn: s.aircraftSn,
  payloadIndex: s.payloadIndex,
  userId: s.holder.userId,
  username: s.holder.username,
  roleId: s.holder.roleId,
  since: s.since,
  expiresAt: s.expiresAt,
  lastHeartbeat: s.lastHeartbeat,
});

/** A session served from `row` on at `now`: its pilot gets the full heartbeat timeout from now. */
export const sessionFromRow = (row: StoredSession, now: number): Session => ({
  dockSn: row.dockSn,
  aircraftSn: row.aircraftSn,
  payloadIndex: row.payloadIndex,
  holder: { userId: row.userId, username: row.username, roleId: row.roleId },
  since: row.since,
  expiresAt: row.expiresAt,
  lastHeartbeat: Math.max(row.lastHeartbeat, now),
  pending: false,
  issuedAt: now,
  renewingSince: null,
  renewing: false,
});

/** `user` as the audit names them; `ip` is empty for what the server does on its own. */
export const actorOf = (user: DrcUser, ip: string): DrcActor => ({
  userId: user.userId,
  username: user.username,
  ip,
});

/** Whether `row` is a session flying at `now`: entered, unexpired, and its pilot heard lately. */
export const isFlying = (row: SessionRow, now: number): boolean =>
  row.entered && isLive(row, now, STALE_MS);

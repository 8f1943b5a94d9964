/**
 * Audit rows of the cockpit: every service a pilot sends (with tid, result code and latency), every
 * e-stop, and sticks summarised per control burst. Module `drc`, action = the protocol method.
 */
import type { Db } from '../db/Db.ts';

export interface DrcActor {
  userId: number | null;
  username: string;
  /** The request's address; empty for what arrived over MQTT. */
  ip: string;
}

export interface DrcAuditRow {
  action: string;
  dockSn: string;
  /** The aircraft (the drone the command was for). */
  aircraftSn: string;
  ok: boolean;
  detail: string;
}

/** Writes one row. */
export async function auditDrc(db: Db, actor: DrcActor, row: DrcAuditRow): Promise<void> {
  await db.query(
    `insert into audit_logs (user_id, username, module, action, target, target_name, ip, result, detail)
     values ($1, $2, 'drc', $3, $4, $5, $6, $7, $8)`,
    [
      actor.userId,
      actor.username,
      row.action,
      row.dockSn,
      row.aircraftSn,
      actor.ip,
      row.ok ? 'success' : 'failure',
      row.detail,
    ],
  );
}

/** The detail of a service call: `tid=… result=0 latency=12ms`. */
export const callDetail = (tid: string, result: number, latencyMs: number): string =>
  `tid=${tid} result=${String(result)} latency=${String(latencyMs)}ms`;

import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/Db.ts';

/** One audit-log row: what changed (or who tried to sign in), by whom, from where, and how it ended. */
export interface AuditEntry {
  module: string;
  action: string;
  /** The stable key of what changed: an id or a serial number. */
  target?: string;
  /** The target's human name as it is at the time of the action (kept even after a rename). */
  targetName?: string;
  result?: 'success' | 'failure';
  detail?: string;
  /** Defaults to the request's caller; sign-in passes the account it was for. */
  userId?: number | null;
  username?: string;
}

/** Writes one audit-log row for `request`; pass the transaction of the change it records. */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.query(
    `insert into audit_logs (user_id, username, module, action, target, target_name, ip, result, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.userId !== undefined ? entry.userId : (request.caller?.userId ?? null),
      entry.username ?? request.caller?.username ?? '',
      entry.module,
      entry.action,
      entry.target ?? '',
      entry.targetName ?? entry.target ?? '',
      request.ip,
      entry.result ?? 'success',
      entry.detail ?? '',
    ],
  );
}

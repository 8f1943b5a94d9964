import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/Db.ts';

/** One audit-log row: what changed (or who tried to sign in), by whom, from where, and how it ended. */
export interface AuditEntry {
  module: string;
  action: string;
  target?: string;
  result?: 'success' | 'failure';
  detail?: string;
  /** Defaults to the request's caller; sign-in passes the account it was for. */
  userId?: number | null;
  username?: string;
}

/** Writes one audit-log row for `request`. */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await db.query(
    `insert into audit_logs (user_id, username, module, action, target, ip, result, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.userId !== undefined ? entry.userId : (request.caller?.userId ?? null),
      entry.username ?? request.caller?.username ?? '',
      entry.module,
      entry.action,
      entry.target ?? '',
      request.ip,
      entry.result ?? 'success',
      entry.detail ?? '',
    ],
  );
}

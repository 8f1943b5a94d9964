import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/Db.ts';
import { failureDetail } from '../../protocol/auditFailures.ts';
import { ApiError } from './ApiError.ts';
import { audit } from './audit.ts';
import type { AuditEntry } from './audit.ts';
import type { Caller } from './caller.ts';
import type { AppDeps } from './context.ts';
import { callerOf } from './context.ts';

/** Which module and action a change belongs to, and its target as the request names it. */
export type ChangeLabel = Pick<AuditEntry, 'module' | 'action' | 'target' | 'targetName'>;

/**
 * Runs one change — its checks, its writes and its audit row — in one transaction, so a refusal
 * half-way leaves nothing behind. A refusal (an `ApiError`) is then recorded as a failed attempt,
 * outside the rolled-back transaction.
 *
 * `work` must read and write through `tx` only: PGlite has one connection, and a query on the outer
 * handle would wait for this very transaction. The caller's scope is loaded first for that reason.
 */
export async function runChange<T>(
  deps: AppDeps,
  request: FastifyRequest,
  label: ChangeLabel,
  work: (tx: Db, caller: Caller) => Promise<T>,
): Promise<T> {
  const caller = callerOf(request);
  await caller.scope();
  try {
    return await deps.db.tx((tx) => work(tx, caller));
  } catch (error) {
    if (error instanceof ApiError)
      await audit(deps.db, request, {
        ...label,
        result: 'failure',
        detail: failureDetail(error.key, error.params),
      });
    throw error;
  }
}

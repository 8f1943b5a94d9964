/**
 * Refused changes of channels and rules are audited like successful ones. `runChange` records the
 * refusals met inside its transaction; these record the two kinds it never sees: a body its route's
 * schema turned away, and a check made before the transaction (a channel's address is looked up in
 * DNS, which must not hold PGlite's one connection).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { failureDetail } from '../../../protocol/auditFailures.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { ChangeLabel } from '../change.ts';
import type { AppDeps } from '../context.ts';
import { reportedIssue, validationMessage } from '../errorHandler.ts';

/** The module notification changes are audited under. */
export const MODULE = 'notification';

/** A route's `onError` hook that audits a body refused by the schema, with the 400's own words. */
export function auditRefusedBody(deps: AppDeps, action: string) {
  return async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
    if (!hasZodFastifySchemaValidationErrors(error)) return;
    const issue = reportedIssue(error.validation);
    const context = error.validationContext ?? 'body';
    const [key, params] = issue
      ? validationMessage(issue, context)
      : (['validation.invalid', { field: context }] as const);
    await audit(deps.db, request, {
      module: MODULE,
      action,
      result: 'failure',
      detail: failureDetail(key, params),
    });
  };
}

/** Runs checks due before a change's transaction; a refusal is audited, then answered as usual. */
export async function checkedBefore<T>(
  deps: AppDeps,
  request: FastifyRequest,
  label: ChangeLabel,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
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

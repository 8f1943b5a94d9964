import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { issueRefreshToken } from '../../auth/refreshTokens.ts';
import { signAccessToken } from '../../auth/tokens.ts';
import { queryOne } from '../../db/Db.ts';
import type { TokenPair } from '../../../protocol/http.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import type { AppDeps } from '../context.ts';

/** The columns sign-in and refresh need. */
export interface Account {
  id: number;
  username: string;
  password_hash: string;
  enabled: boolean;
  role_id: number;
  workspace_id: number;
  token_version: number;
}

type Failure = 'auth.bad_credentials' | 'auth.disabled' | 'throttled';

/** An account by username or id. */
export function findAccount(deps: AppDeps, by: 'username' | 'id', value: string | number) {
  return queryOne<Account>(
    deps.db,
    `select id, username, password_hash, enabled, role_id, workspace_id, token_version
     from users where ${by} = $1`,
    [value],
  );
}

/** Signs a fresh access token for `account`, bound to its sign-in session `familyId`. */
export function accessTokenFor(deps: AppDeps, account: Account, familyId: string): Promise<string> {
  const claims = {
    userId: account.id,
    roleId: account.role_id,
    workspaceId: account.workspace_id,
    tokenVersion: account.token_version,
    familyId,
  };
  return signAccessToken(deps.tokenSecret, claims, deps.config.accessTokenTtlSeconds);
}

/** An access token and a refresh token opening a new family. */
export async function issuePair(deps: AppDeps, account: Account): Promise<TokenPair> {
  const refresh = await issueRefreshToken(deps.db, account.id, deps.config.refreshTokenTtlSeconds);
  const token = await accessTokenFor(deps, account, refresh.familyId);
  return { token, refresh_token: refresh.token };
}

function auditLogin(
  deps: AppDeps,
  request: FastifyRequest,
  username: string,
  userId: number | null,
  failure?: Failure,
): Promise<void> {
  const result = failure ? 'failure' : 'success';
  const entry = { module: 'auth', action: 'login', target: username, username, userId };
  return audit(deps.db, request, { ...entry, result, detail: failure ?? '' });
}

/**
 * Checks a username and password with throttling and auditing; returns the account or throws the
 * error to answer. Unknown user and wrong password fail alike, and equally slowly.
 */
export function createSignIn(deps: AppDeps) {
  const dummyHash = hashPassword('not-a-real-password');
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    username: string,
    password: string,
  ) => {
    const subject = { kind: 'signIn', username, address: request.ip } as const;
    const verdict = await deps.throttle.attempt(deps.db, subject);
    if (verdict.kind === 'locked') {
      await auditLogin(deps, request, username, null, 'throttled');
      void reply.header('retry-after', String(verdict.retryAfterS));
      throw new ApiError(429, 'auth.throttled', { seconds: verdict.retryAfterS });
    }
    if (verdict.delayMs > 0) await sleep(verdict.delayMs);
    const account = await findAccount(deps, 'username', username);
    const valid = await verifyPassword(account?.password_hash ?? (await dummyHash), password);
    const failure =
      !account || !valid ? 'auth.bad_credentials' : account.enabled ? undefined : 'auth.disabled';
    await auditLogin(deps, request, username, account?.id ?? null, failure);
    if (!account || failure) {
      // The attempt was counted up front: a failure leaves it counted.
      throw new ApiError(
        failure === 'auth.disabled' ? 403 : 401,
        failure ?? 'auth.bad_credentials',
      );
    }
    await deps.throttle.succeed(deps.db, subject);
    return account;
  };
}

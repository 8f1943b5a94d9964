import { z } from 'zod';
import type { LoginResult, TokenPair } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import { revokeUserTokens, rotateRefreshToken } from '../../auth/refreshTokens.ts';
import { ApiError } from '../ApiError.ts';
import { audit } from '../audit.ts';
import { bearer } from '../caller.ts';
import type { AppDeps, ZodApp } from '../context.ts';
import { ok } from '../envelope.ts';
import { loadUserInfo } from '../users/userInfo.ts';
import { accessTokenFor, createSignIn, findAccount, issuePair } from './signIn.ts';

const loginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

/** `POST /api/login` and `PUT /api/authorizations`. */
export function registerLoginRoutes(app: ZodApp, deps: AppDeps): void {
  const signIn = createSignIn(deps);
  const schema = { body: loginBody };
  app.post(API.login, { config: { access: 'public' }, schema }, async (request, reply) => {
    const account = await signIn(request, reply, request.body.username, request.body.password);
    await deps.db.query('update users set last_login_at = now() where id = $1', [account.id]);
    const pair = await issuePair(deps, account);
    const user = await loadUserInfo(deps.db, account.id);
    if (!user) throw new ApiError(401, 'auth.bad_credentials');
    return ok<LoginResult>(request, { ...pair, user });
  });

  app.put(API.authorizations, { config: { access: 'public' } }, async (request) => {
    const presented = bearer(request);
    if (!presented) throw new ApiError(401, 'auth.required');
    const ttl = deps.config.refreshTokenTtlSeconds;
    const outcome = await rotateRefreshToken(deps.db, presented, ttl);
    if (outcome.kind === 'invalid') throw new ApiError(401, 'auth.expired');
    if (outcome.kind === 'reused') {
      // The family was revoked and the user's access tokens ended: open connections follow.
      deps.events.changed({ kind: 'user', userId: outcome.userId });
      const detail = 'reused refresh token: family revoked';
      await audit(deps.db, request, {
        module: 'auth',
        action: 'refresh',
        result: 'failure',
        detail,
        userId: outcome.userId,
      });
      throw new ApiError(401, 'auth.refresh_reused');
    }
    const account = await findAccount(deps, 'id', outcome.userId);
    if (!account?.enabled) {
      await revokeUserTokens(deps.db, outcome.userId);
      deps.events.changed({ kind: 'user', userId: outcome.userId });
      throw new ApiError(401, 'auth.disabled');
    }
    const token = await accessTokenFor(deps, account);
    return ok<TokenPair>(request, { token, refresh_token: outcome.token });
  });
}

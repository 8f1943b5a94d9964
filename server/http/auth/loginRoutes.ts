import { z } from 'zod';
import type { LoginResult, TokenPair } from '../../../protocol/http.ts';
import { API } from '../../../protocol/http.ts';
import {
  endFamily,
  familyOf,
  revokeUserTokens,
  rotateRefreshToken,
} from '../../auth/refreshTokens.ts';
import { verifyAccessToken } from '../../auth/tokens.ts';
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

/**
 * The sign-in session `presented` belongs to: a refresh token (what the console sends, since its
 * access token may have expired) or an access token naming its family.
 */
async function sessionOf(deps: AppDeps, presented: string) {
  const claims = await verifyAccessToken(deps.tokenSecret, presented);
  if (claims?.familyId !== undefined) return { familyId: claims.familyId, userId: claims.userId };
  return familyOf(deps.db, presented);
}

/** `POST /api/login`, `PUT /api/authorizations` (refresh) and `DELETE /api/authorizations` (logout). */
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
    const token = await accessTokenFor(deps, account, outcome.familyId);
    return ok<TokenPair>(request, { token, refresh_token: outcome.token });
  });

  // Logout ends this sign-in session on the server: its refresh token renews nothing and its access
  // tokens stop answering, while the user's other sessions go on. Ending a session that is unknown
  // or already over succeeds too: either way the caller is signed out.
  app.delete(API.authorizations, { config: { access: 'public' } }, async (request) => {
    const presented = bearer(request);
    if (!presented) throw new ApiError(401, 'auth.required');
    const session = await sessionOf(deps, presented);
    if (session) {
      await endFamily(deps.db, session.familyId);
      deps.tokenVersions.forgetFamily(session.familyId);
      // Open connections of the user are checked again, and the ones this session opened close.
      deps.events.changed({ kind: 'user', userId: session.userId });
      await audit(deps.db, request, {
        module: 'auth',
        action: 'logout',
        result: 'success',
        userId: session.userId,
      });
    }
    return ok(request, null);
  });
}

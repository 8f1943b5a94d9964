import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { roleCodes, subtreeIds } from '../auth/permissions.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { ApiError } from './ApiError.ts';

// Kept here for route modules that read the scope rule through the caller module.
export { subtreeIds } from '../auth/permissions.ts';

/** The signed-in user a request speaks for, loaded fresh from the database on every request. */
export interface Caller {
  userId: number;
  username: string;
  roleId: number;
  workspaceId: number;
  /** The seeded admin role: every menu and button, including ones added later. */
  allAccess: boolean;
  /** Menu names and button permission codes of the caller's role. */
  codes: ReadonlySet<string>;
  /** Whether the caller's role grants `code` (a menu name or a button code). */
  can(code: string): boolean;
  /** Ids of the caller's workspace and all its descendants. */
  scope(): Promise<number[]>;
}

/** The bearer token of the `Authorization` header, if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

interface UserRow {
  id: number;
  username: string;
  role_id: number;
  workspace_id: number;
  enabled: boolean;
  all_access: boolean;
}

/** Resolves the request's access token to a `Caller`, or throws 401. */
export async function loadCaller(db: Db, secret: string, request: FastifyRequest): Promise<Caller> {
  const token = bearer(request);
  if (!token) throw new ApiError(401, 'auth.required');
  const claims = await verifyAccessToken(secret, token);
  if (!claims) throw new ApiError(401, 'auth.expired');
  const user = await queryOne<UserRow>(
    db,
    `select u.id, u.username, u.role_id, u.workspace_id, u.enabled, r.all_access
     from users u join roles r on r.id = u.role_id where u.id = $1`,
    [claims.userId],
  );
  if (!user?.enabled) throw new ApiError(401, 'auth.expired');
  const codes = await roleCodes(db, user.role_id);
  let scope: Promise<number[]> | undefined;
  return {
    userId: user.id,
    username: user.username,
    roleId: user.role_id,
    workspaceId: user.workspace_id,
    allAccess: user.all_access,
    codes,
    can: (code) => user.all_access || codes.has(code),
    scope: () => (scope ??= subtreeIds(db, user.workspace_id)),
  };
}

/**
 * The caller of a request that carries a valid access token, or null (no token, expired, disabled).
 * For modules that authenticate on their own terms, e.g. the broker's `/api/mqtt/*` routes.
 */
export async function optionalCaller(
  db: Db,
  secret: string,
  request: FastifyRequest,
): Promise<Caller | null> {
  try {
    return await loadCaller(db, secret, request);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { bumpTokenVersion } from './tokenVersions.ts';

/** sha256 hex: refresh tokens are 32 random bytes, so a fast hash is enough to make a leak useless. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Stores a new refresh token in `familyId` (a new family when omitted); returns the token and row id. */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; id: number }> {
  const token = randomBytes(32).toString('base64url');
  const row = await queryOne<{ id: number }>(
    db,
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning id`,
    [userId, familyId, sha256(token), ttlSeconds],
  );
  if (!row) throw new Error('refresh token insert returned no row');
  return { token, id: row.id };
}

export type RotateOutcome =
  | { kind: 'rotated'; userId: number; token: string }
  | { kind: 'reused'; userId: number }
  | { kind: 'invalid' };

interface StoredToken {
  id: number;
  user_id: number;
  family_id: string;
  revoked: boolean;
  expired: boolean;
}

/**
 * Exchanges a refresh token for a new one in the same family and revokes the old one. A token that was
 * already revoked means someone kept a copy: the whole family is revoked and `reused` is answered.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  ttlSeconds: number,
): Promise<RotateOutcome> {
  return db.tx(async (tx) => {
    const stored = await queryOne<StoredToken>(
      tx,
      `select id, user_id, family_id, revoked_at is not null as revoked, expires_at <= now() as expired
       from refresh_tokens where token_hash = $1 for update`,
      [sha256(token)],
    );
    if (!stored || stored.expired) return { kind: 'invalid' };
    if (stored.revoked) {
      await revokeFamily(tx, stored.family_id);
      return { kind: 'reused', userId: stored.user_id };
    }
    const next = await issueRefreshToken(tx, stored.user_id, ttlSeconds, stored.family_id);
    await tx.query('update refresh_tokens set revoked_at = now(), replaced_by = $2 where id = $1', [
      stored.id,
      next.id,
    ]);
    return { kind: 'rotated', userId: stored.user_id, token: next.token };
  });
}

/**
 * Revokes every live token of a family, and ends the user's access tokens at once: an access token
 * does not name its family, and a replayed refresh token means a copy is loose. The user's other
 * sessions keep their own refresh tokens and simply renew their access tokens.
 */
export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.query(
    'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
    [familyId],
  );
  await db.query(
    `update users set token_version = token_version + 1
     where id = (select user_id from refresh_tokens where family_id = $1 limit 1)`,
    [familyId],
  );
}

/**
 * Revokes every live refresh token of a user and ends their access tokens at once (password
 * change or reset, disable, delete). The caller announces `{ kind: 'user' }` after committing.
 */
export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db.query(
    'update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null',
    [userId],
  );
  await bumpTokenVersion(db, userId);
}

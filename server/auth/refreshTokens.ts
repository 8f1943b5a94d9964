import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import { bumpTokenVersion } from './tokenVersions.ts';

/** sha256 hex: refresh tokens are 32 random bytes, so a fast hash is enough to make a leak useless. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Stores a new refresh token in `familyId` (a new family, that is a new sign-in session, when
 * omitted); returns the token, its row id and its family.
 */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; id: number; familyId: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await queryOne<{ id: number }>(
    db,
    `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning id`,
    [userId, familyId, sha256(token), ttlSeconds],
  );
  if (!row) throw new Error('refresh token insert returned no row');
  return { token, id: row.id, familyId };
}

export type RotateOutcome =
  | { kind: 'rotated'; userId: number; token: string; familyId: string }
  | { kind: 'reused'; userId: number }
  | { kind: 'invalid' };

interface StoredToken {
  id: number;
  user_id: number;
  family_id: string;
  revoked: boolean;
  /** Revoked because it was exchanged for a newer token of its family. */
  rotated: boolean;
  /** Its family still has a token that was never revoked: the session is open. */
  family_live: boolean;
  expired: boolean;
}

/**
 * Exchanges a refresh token for a new one in the same family and revokes the old one. A token that was
 * already exchanged, while its family is still open, means someone kept a copy: the whole family is
 * revoked and `reused` is answered. A token of a family that has ended (signed out, password
 * changed, revoked after a reuse) is merely `invalid`: a stale tab presenting it is no theft.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  ttlSeconds: number,
): Promise<RotateOutcome> {
  return db.tx(async (tx) => {
    const stored = await queryOne<StoredToken>(
      tx,
      `select t.id, t.user_id, t.family_id, t.revoked_at is not null as revoked,
              t.replaced_by is not null as rotated, t.expires_at <= now() as expired,
              exists (select 1 from refresh_tokens f
                      where f.family_id = t.family_id and f.revoked_at is null) as family_live
       from refresh_tokens t where t.token_hash = $1 for update`,
      [sha256(token)],
    );
    if (!stored || stored.expired) return { kind: 'invalid' };
    if (stored.revoked) {
      if (!stored.rotated || !stored.family_live) return { kind: 'invalid' };
      await revokeFamily(tx, stored.family_id);
      return { kind: 'reused', userId: stored.user_id };
    }
    const next = await issueRefreshToken(tx, stored.user_id, ttlSeconds, stored.family_id);
    await tx.query('update refresh_tokens set revoked_at = now(), replaced_by = $2 where id = $1', [
      stored.id,
      next.id,
    ]);
    return {
      kind: 'rotated',
      userId: stored.user_id,
      token: next.token,
      familyId: stored.family_id,
    };
  });
}

/**
 * Revokes every live token of a family after a replayed refresh token, and ends all the user's access
 * tokens at once: a copy is loose, and access tokens signed before families were named cannot be
 * told apart. The user's other sessions keep their own refresh tokens and simply renew their access
 * tokens.
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

/** The sign-in session a refresh token belongs to, revoked or not, or undefined for an unknown one. */
export async function familyOf(
  db: Db,
  token: string,
): Promise<{ familyId: string; userId: number } | undefined> {
  const row = await queryOne<{ family_id: string; user_id: number }>(
    db,
    'select family_id, user_id from refresh_tokens where token_hash = $1',
    [sha256(token)],
  );
  return row && { familyId: row.family_id, userId: row.user_id };
}

/**
 * Ends one sign-in session (logout): every live refresh token of the family is revoked, so it renews
 * nothing, and the access tokens issued to it stop working because they name a family that is no
 * longer open (see tokenVersions.ts). The user's other sessions are not touched.
 */
export async function endFamily(db: Db, familyId: string): Promise<void> {
  await db.query(
    'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
    [familyId],
  );
}

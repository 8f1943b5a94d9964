import type { Db } from '../db/Db.ts';
import { queryOne } from '../db/Db.ts';
import type { PrincipalEvents } from '../principalEvents.ts';
import type { VerifiedClaims } from './tokens.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * How long a user's token version is trusted from memory (ms). A change made through this instance
 * clears the entry at once (principal events); another instance sharing the database notices
 * within this time, because nothing tells it sooner.
 */
export const TOKEN_VERSION_CACHE_MS = 5_000;
/** Past this many cached users the cache starts over: memory stays bounded whatever happens. */
const MAX_CACHED_USERS = 50_000;

interface Cached {
  /** null: no such user. */
  version: number | null;
  at: number;
}

/**
 * Whether an access token is still current: its `ver` claim must equal the user's `token_version`,
 * which is raised whenever all of a user's access tokens must stop working before they expire, and
 * the sign-in session it names (`fam`) must still be open, which it stops being when that session
 * signs out. Read on every request, so both are cached for a few seconds.
 *
 * Why per session and not per user: a user signs in from several places (console, phone, another
 * browser), and signing out of one must not sign out the others. A password change or a disabled
 * account still ends every session at once through the version.
 */
export class TokenVersions {
  readonly #cache = new Map<number, Cached>();
  /** Whether a family is still open, by family id. */
  readonly #families = new Map<string, { live: boolean; at: number }>();
  /** Raised by every `forget`, so a read that started before a change never caches the old version. */
  #epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number = TOKEN_VERSION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets a user's cached version whenever this instance announces a change to that user. */
  follow(events: PrincipalEvents): this {
    events.onChange((change) => {
      if (change.kind === 'user') this.forget(change.userId);
    });
    return this;
  }

  /** Drops the cached version of `userId`; the next check reads the database. */
  forget(userId: number): void {
    this.#cache.delete(userId);
    this.#epoch += 1;
  }

  /** Drops the cached state of a sign-in session; the next check reads the database. */
  forgetFamily(familyId: string): void {
    this.#families.delete(familyId);
    this.#epoch += 1;
  }

  /** True when `claims` carry the user's current token version and name no ended session. */
  async isCurrent(claims: VerifiedClaims): Promise<boolean> {
    if (claims.tokenVersion !== (await this.versionOf(claims.userId))) return false;
    return claims.familyId === undefined || this.isOpen(claims.familyId);
  }

  /** The claims of `token` when it is a valid, unexpired access token of the current version. */
  async verify(secret: string, token: string): Promise<VerifiedClaims | null> {
    const claims = await verifyAccessToken(secret, token);
    return claims && (await this.isCurrent(claims)) ? claims : null;
  }

  private async versionOf(userId: number): Promise<number | null> {
    const cached = this.#cache.get(userId);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.version;
    const epoch = this.#epoch;
    const row = await queryOne<{ token_version: number }>(
      this.db,
      'select token_version from users where id = $1',
      [userId],
    );
    const version = row?.token_version ?? null;
    if (epoch !== this.#epoch) return version;
    if (this.#cache.size >= MAX_CACHED_USERS) this.#cache.clear();
    this.#cache.set(userId, { version, at: this.now() });
    return version;
  }

  /** Whether a family still has a refresh token that was never revoked (rotation keeps one). */
  private async isOpen(familyId: string): Promise<boolean> {
    const cached = this.#families.get(familyId);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.live;
    const epoch = this.#epoch;
    const row = await queryOne<{ live: boolean }>(
      this.db,
      `select exists (select 1 from refresh_tokens
                      where family_id = $1 and revoked_at is null) as live`,
      [familyId],
    );
    const live = row?.live === true;
    if (epoch !== this.#epoch) return live;
    if (this.#families.size >= MAX_CACHED_USERS) this.#families.clear();
    this.#families.set(familyId, { live, at: this.now() });
    return live;
  }
}

/** Raises a user's token version: every access token signed before stops working. */
export async function bumpTokenVersion(db: Db, userId: number): Promise<void> {
  await db.query('update users set token_version = token_version + 1 where id = $1', [userId]);
}

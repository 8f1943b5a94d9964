import type { Db } from '../db/Db.ts';

/**
 * Slows and then refuses repeated failed password checks. Counters live in the `login_failures`
 * table so that several instances behind a load balancer share them and a restart keeps them.
 *
 * A sign-in is counted three ways, each with its own limit:
 * - per account and address: the ordinary lock for one person guessing (or mistyping) from one place;
 * - per account, from any address: a guesser spreading attempts over many addresses;
 * - per address, softer: one address spraying many accounts. It is softer so that an office behind
 *   one NAT is not locked out because one colleague keeps mistyping their own password.
 */
export interface ThrottleOptions {
  /** Failures allowed per account and address before each further attempt is delayed. */
  freeFailures: number;
  /** Failures per account and address (or per user, for own-password checks) that lock. */
  lockFailures: number;
  /** Delay added per failure beyond the free ones, in milliseconds. */
  delayStepMs: number;
  /** How long failures are remembered and a lock lasts, in milliseconds. */
  windowMs: number;
  /** Limits of the per-account and per-address counters, as multiples of the two above. */
  accountScale?: number;
  addressScale?: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 3,
  lockFailures: 8,
  delayStepMs: 250,
  windowMs: 15 * 60_000,
  // 24 failures on one account from anywhere, 40 from one address over all accounts.
  accountScale: 3,
  addressScale: 5,
};

/** What an attempt is counted against. */
export type ThrottleSubject =
  { kind: 'signIn'; username: string; address: string } | { kind: 'ownPassword'; userId: number };

export type ThrottleVerdict =
  { kind: 'go'; delayMs: number } | { kind: 'locked'; retryAfterS: number };

interface Counted {
  key: string;
  /** Multiple of the base limits that applies to this key. */
  scale: number;
  /** Cleared by a success (the address counter only gives back the one attempt). */
  clearOnSuccess: boolean;
}

function countedKeys(subject: ThrottleSubject, options: ThrottleOptions): Counted[] {
  if (subject.kind === 'ownPassword')
    return [{ key: `own:${subject.userId}`, scale: 1, clearOnSuccess: true }];
  const name = subject.username.toLowerCase();
  return [
    { key: `pair:${name}|${subject.address}`, scale: 1, clearOnSuccess: true },
    { key: `user:${name}`, scale: options.accountScale ?? 3, clearOnSuccess: true },
    { key: `ip:${subject.address}`, scale: options.addressScale ?? 5, clearOnSuccess: false },
  ];
}

interface CounterRow {
  key: string;
  failures: number;
  remaining_s: number;
}

/** Counts failed attempts in the database; one instance per server, stateless itself. */
export class LoginThrottle {
  constructor(private readonly options: ThrottleOptions = DEFAULT_THROTTLE) {}

  /**
   * Counts this attempt before the password is checked, so that many attempts sent at once cannot
   * all slip under the limit; `succeed` gives it back. Answers go (after a delay) or locked.
   */
  async attempt(db: Db, subject: ThrottleSubject): Promise<ThrottleVerdict> {
    const counted = countedKeys(subject, this.options);
    const windowS = this.options.windowMs / 1000;
    await db.query(
      'delete from login_failures where first_at <= now() - make_interval(secs => $1)',
      [windowS],
    );
    const rows = await db.query<CounterRow>(
      `insert into login_failures (key, failures) select unnest($1::text[]), 1
       on conflict (key) do update set failures = login_failures.failures + 1
       returning key, failures,
         extract(epoch from first_at + make_interval(secs => $2) - now())::float8 as remaining_s`,
      // One global key order, so that concurrent attempts sharing keys never deadlock on PostgreSQL.
      [counted.map((c) => c.key).sort(), windowS],
    );
    return this.verdict(counted, rows);
  }

  /** A correct password: clears the account's counters; the address only gets this attempt back. */
  async succeed(db: Db, subject: ThrottleSubject): Promise<void> {
    const counted = countedKeys(subject, this.options);
    const cleared = counted.filter((c) => c.clearOnSuccess).map((c) => c.key);
    const kept = counted.filter((c) => !c.clearOnSuccess).map((c) => c.key);
    await db.query('delete from login_failures where key = any($1::text[])', [cleared]);
    if (kept.length > 0)
      await db.query(
        'update login_failures set failures = greatest(failures - 1, 0) where key = any($1::text[])',
        [kept],
      );
  }

  private verdict(counted: readonly Counted[], rows: readonly CounterRow[]): ThrottleVerdict {
    const { freeFailures, lockFailures, delayStepMs } = this.options;
    let lockedForS: number | null = null;
    let extra = 0;
    for (const row of rows) {
      const scale = counted.find((c) => c.key === row.key)?.scale ?? 1;
      // `failures` already includes this attempt: the ones before it decide.
      const before = row.failures - 1;
      if (before >= lockFailures * scale) lockedForS = Math.max(lockedForS ?? 0, row.remaining_s);
      else extra = Math.max(extra, before - freeFailures * scale + 1);
    }
    if (lockedForS !== null)
      return { kind: 'locked', retryAfterS: Math.max(1, Math.ceil(lockedForS)) };
    return { kind: 'go', delayMs: Math.max(0, extra) * delayStepMs };
  }
}

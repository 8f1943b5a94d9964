/**
 * Slows and then refuses repeated failed sign-ins, counted per username and per client address.
 *
 * Kept in memory on purpose: one Skydeck process serves the embedded set-up, and a restart forgetting
 * the counters only gives an attacker a few more tries. Several API instances behind a load balancer
 * would each count on their own; a shared store (the database) is the upgrade path then.
 */
export interface ThrottleOptions {
  /** Failures allowed before each further attempt is delayed. */
  freeFailures: number;
  /** Failures after which attempts are refused outright until the window passes. */
  lockFailures: number;
  /** Delay added per failure beyond `freeFailures`, in milliseconds. */
  delayStepMs: number;
  /** How long failures are remembered and a lock lasts, in milliseconds. */
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeFailures: 3,
  lockFailures: 8,
  delayStepMs: 250,
  windowMs: 15 * 60_000,
};

const MAX_TRACKED_KEYS = 100_000;

interface Counter {
  failures: number;
  firstAt: number;
}

export type ThrottleVerdict =
  { kind: 'go'; delayMs: number } | { kind: 'locked'; retryAfterS: number };

/** Counts failures per key (`user:<name>`, `ip:<address>`). */
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** What to do with an attempt for these keys: go (after a delay) or refuse. */
  check(keys: readonly string[]): ThrottleVerdict {
    const worst = Math.max(0, ...keys.map((key) => this.live(key)?.failures ?? 0));
    const oldest = Math.min(...keys.map((key) => this.live(key)?.firstAt ?? this.now()));
    if (worst >= this.options.lockFailures) {
      const retryAfterMs = oldest + this.options.windowMs - this.now();
      return { kind: 'locked', retryAfterS: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    const extra = Math.max(0, worst - this.options.freeFailures + 1);
    return { kind: 'go', delayMs: extra * this.options.delayStepMs };
  }

  /** Records one failed attempt against every key. */
  fail(keys: readonly string[]): void {
    if (this.counters.size > MAX_TRACKED_KEYS) this.sweep();
    for (const key of keys) {
      const counter = this.live(key) ?? { failures: 0, firstAt: this.now() };
      counter.failures += 1;
      this.counters.set(key, counter);
    }
  }

  /** A successful sign-in clears the username's counter (the address keeps its own). */
  succeed(key: string): void {
    this.counters.delete(key);
  }

  // Bounds memory when someone sprays random usernames: expired counters go first.
  private sweep(): void {
    for (const key of [...this.counters.keys()]) this.live(key);
  }

  private live(key: string): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && this.now() - counter.firstAt > this.options.windowMs) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }
}

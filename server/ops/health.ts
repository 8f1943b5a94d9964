/**
 * What a load balancer asks: is the process up (`/healthz`), and can it serve (`/readyz`). Parts of
 * the server that readiness depends on register a named check when they start; the answer names
 * every check, so an operator reading a 503 sees which part is not there yet.
 */

/** One check's answer: `detail` says why it is not ok (or what it found). */
export interface CheckResult {
  ok: boolean;
  detail?: string;
}

export type Check = () => CheckResult | Promise<CheckResult>;

/** Readiness as `/readyz` reports it. */
export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: Record<string, CheckResult>;
}

/** A check that takes longer than this counts as failed: a load balancer must not hang on us, ms. */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: Check): Promise<CheckResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => resolve({ ok: false, detail: `no answer within ${String(CHECK_TIMEOUT_MS)} ms` }),
      CHECK_TIMEOUT_MS,
    );
    timer.unref();
    Promise.resolve()
      .then(check)
      .then(
        (result) => resolve(result),
        (error: unknown) =>
          resolve({ ok: false, detail: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** The server's health: registered readiness checks and whether it is draining for a stop. */
export class Health {
  private readonly checks = new Map<string, Check>();
  private drainingSince: number | null = null;
  private readonly stopping = new Set<string>();
  readonly startedAt = Date.now();

  /** Adds (or replaces) a named readiness check. */
  register(name: string, check: Check): void {
    this.checks.set(name, check);
  }

  /** From now on readiness is false: the server is stopping and should get no new traffic. */
  drain(): void {
    this.drainingSince ??= Date.now();
  }

  /**
   * Runs one named part of a stop (a flush, a broker closing) and remembers it while it runs, so a
   * stop that overruns its limit can say what it was still waiting for.
   */
  async stopStep<T>(name: string, work: () => Promise<T>): Promise<T> {
    this.stopping.add(name);
    try {
      return await work();
    } finally {
      this.stopping.delete(name);
    }
  }

  /** The parts of a stop running now (see {@link stopStep}), in the order they began. */
  get stopStepsRunning(): string[] {
    return [...this.stopping];
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** Runs every check side by side; ready when all pass and the server is not draining. */
  async readiness(): Promise<Readiness> {
    const names = [...this.checks.keys()];
    const results = await Promise.all([...this.checks.values()].map((check) => withTimeout(check)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] ?? { ok: false }]));
    const ready = !this.draining && results.every((r) => r.ok);
    return { ready, draining: this.draining, checks };
  }
}

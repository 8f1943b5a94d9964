/**
 * Sticks arrive at 10 Hz; one audit row each would drown the log. A burst is a run of
 * `stick_control` messages with no pause longer than `gapMs`; it is written as one row (first and
 * last `seq`, count, largest deflection) once it ends.
 */

export interface StickBurst {
  dockSn: string;
  firstSeq: number;
  lastSeq: number;
  count: number;
  /** Largest deflection from neutral seen in the burst, 0–660. */
  maxDeflection: number;
  startedAt: number;
  lastAt: number;
}

const NEUTRAL = 1024;

/** Collects bursts per dock; `take` hands back the ones that ended. */
export class StickBursts {
  readonly #open = new Map<string, StickBurst>();

  constructor(private readonly gapMs: number) {}

  /** Adds one stick message of `dockSn`. */
  add(dockSn: string, seq: number, sticks: readonly number[], now: number): void {
    const deflection = Math.max(0, ...sticks.map((v) => Math.abs(v - NEUTRAL)));
    const burst = this.#open.get(dockSn);
    if (!burst) {
      this.#open.set(dockSn, {
        dockSn,
        firstSeq: seq,
        lastSeq: seq,
        count: 1,
        maxDeflection: deflection,
        startedAt: now,
        lastAt: now,
      });
      return;
    }
    burst.lastSeq = seq;
    burst.count++;
    burst.maxDeflection = Math.max(burst.maxDeflection, deflection);
    burst.lastAt = now;
  }

  /** Bursts that ended by `now` (or all of `dockSn`'s when `dockSn` is given), removed. */
  take(now: number, dockSn?: string): StickBurst[] {
    const done: StickBurst[] = [];
    for (const [sn, burst] of this.#open)
      if (sn === dockSn || now - burst.lastAt > this.gapMs) {
        done.push(burst);
        this.#open.delete(sn);
      }
    return done;
  }
}

/** The audit detail of a burst. */
export const burstDetail = (b: StickBurst): string =>
  `seq ${String(b.firstSeq)}–${String(b.lastSeq)}, ${String(b.count)} msgs, max deflection ${String(b.maxDeflection)}, ${String(b.lastAt - b.startedAt)} ms`;

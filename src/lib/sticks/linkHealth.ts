/**
 * What the cockpit knows about its link to the aircraft: the heartbeat echo's round trip, the dock's
 * own command-link delay (`delay_info_push.sdr_cmd_delay`), and how long ago anything arrived on
 * `drc/up`. The worst of them feeds the latency guard. Pure: times come in as arguments.
 */

export interface LinkReadings {
  /** Round trip of the newest answered heartbeat, ms. */
  echoMs: number | null;
  /** Command-link delay the dock reports, ms. */
  commandDelayMs: number | null;
  /** Time since the newest `drc/up` message, ms. */
  ageMs: number;
  /**
   * The worst of the measured delays and of the silences beyond {@link SILENCE_ALLOWANCE_MS} (time
   * since the last message, an unanswered heartbeat's wait).
   */
  worstMs: number;
}

/** Heartbeats answered later than this are forgotten rather than counted forever (ms). */
const FORGET_HEARTBEAT_MS = 10_000;
/**
 * Silence measured on the page (time since the last `drc/up`, an echo not back yet) includes the
 * page's own pauses: a busy main thread (the map drawing in software WebGL) sees messages late in a
 * burst. So silence counts only beyond this allowance (5 missed 10 Hz frames); measured delays (the
 * echo's round trip, taken in the worker, and the dock's own figure) count in full.
 */
export const SILENCE_ALLOWANCE_MS = 500;

export class LinkHealth {
  private echoMs: number | null = null;
  private commandDelayMs: number | null = null;
  private lastUpAt: number;
  /** Send times of heartbeats not answered yet, oldest first. */
  private readonly pending: number[] = [];
  /**
   * The newest heartbeat answered. The echo can overtake the news that its heartbeat went out (the
   * worker's reply to the page is slower than a local broker), so a late `sent` for an answered
   * heartbeat must not count as waiting.
   */
  private answeredUpTo = -Infinity;

  constructor(now: number) {
    this.lastUpAt = now;
  }

  /** A heartbeat went out carrying `timestamp`. */
  sent(timestamp: number): void {
    if (timestamp > this.answeredUpTo) this.pending.push(timestamp);
  }

  /** The echo of the heartbeat stamped `timestamp` arrived at `at`. */
  echo(timestamp: number, at: number): void {
    this.answeredUpTo = Math.max(this.answeredUpTo, timestamp);
    while ((this.pending[0] ?? Infinity) <= timestamp) this.pending.shift();
    this.echoMs = Math.max(0, at - timestamp);
  }

  /** The dock reported its command-link delay. */
  commandDelay(ms: number): void {
    this.commandDelayMs = ms;
  }

  /** Something arrived on `drc/up` at `at`. */
  received(at: number): void {
    this.lastUpAt = Math.max(this.lastUpAt, at);
  }

  readings(now: number): LinkReadings {
    while (this.pending.length > 0 && now - (this.pending[0] ?? now) > FORGET_HEARTBEAT_MS) {
      this.pending.shift();
    }
    const oldest = this.pending[0];
    const waiting = oldest === undefined ? 0 : now - oldest;
    const ageMs = Math.max(0, now - this.lastUpAt);
    const silence = Math.max(waiting, ageMs) - SILENCE_ALLOWANCE_MS;
    const worstMs = Math.max(this.echoMs ?? 0, this.commandDelayMs ?? 0, silence, 0);
    return { echoMs: this.echoMs, commandDelayMs: this.commandDelayMs, ageMs, worstMs };
  }
}

/**
 * E-stops travel on `drc/down` from the pilot's tab, not through the server, and the dock answers on
 * `drc/up` (`drone_emergency_stop` with `{result}`, protocol §5.2–5.3). The server hears both and
 * pairs them here, so the e-stop's audit row carries the dock's result and the round trip like every
 * other command; one that stays unanswered is written as such once it is overdue.
 */

export interface SentEstop {
  dockSn: string;
  seq: number;
  /** Wall-clock ms when the server heard it go out. */
  sentAt: number;
  /** Scheduler ms after which it counts as unanswered. */
  dueAt: number;
}

export interface AnsweredEstop extends SentEstop {
  /** The dock's result; `-1` when it never answered. */
  result: number;
  latencyMs: number;
}

/** Result recorded for an e-stop the dock never answered. */
export const ESTOP_NO_REPLY = -1;

export class EstopReplies {
  readonly #pending: SentEstop[] = [];

  sent(estop: SentEstop): void {
    this.#pending.push(estop);
  }

  /**
   * The dock's answer: pairs it with the e-stop of the same `seq` (the simulator and DJI docks echo
   * it), else with the dock's oldest one still waiting.
   */
  replied(dockSn: string, seq: number, result: number, at: number): AnsweredEstop | undefined {
    const mine = this.#pending.filter((e) => e.dockSn === dockSn);
    const match = mine.find((e) => e.seq === seq) ?? mine[0];
    if (!match) return undefined;
    this.#pending.splice(this.#pending.indexOf(match), 1);
    return { ...match, result, latencyMs: Math.max(0, at - match.sentAt) };
  }

  /** The e-stops overdue at `now` (scheduler ms), removed, as unanswered. */
  overdue(now: number, wallNow: number): AnsweredEstop[] {
    const late = this.#pending.filter((e) => e.dueAt <= now);
    for (const e of late) this.#pending.splice(this.#pending.indexOf(e), 1);
    return late.map((e) => ({ ...e, result: ESTOP_NO_REPLY, latencyMs: wallNow - e.sentAt }));
  }
}

/** The audit detail of an e-stop: `seq=… result=0 latency=12ms`, the shape of a service's. */
export const estopDetail = (e: AnsweredEstop): string =>
  `seq=${String(e.seq)} result=${String(e.result)} latency=${String(e.latencyMs)}ms`;

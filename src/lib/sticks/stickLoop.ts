/**
 * The cockpit's stick loop: every {@link STICK_PERIOD_MS} it ramps the sticks toward what the pilot
 * holds (gamepad first, else keys), applies the latency guard, and hands the wire values to `send`.
 * Timers come from `src/lib/clock.ts`, so unit tests run it on virtual time.
 */
import type { StickControlData } from '../../../protocol/mqtt/drc.ts';
import { clock } from '../clock.ts';
import type { Cancel } from '../clock.ts';
import {
  DEFAULT_GUARD,
  INITIAL_GUARD,
  authorityOf,
  stepGuard,
  type GuardState,
  type LatencyGuardConfig,
} from './latencyGuard.ts';
import {
  CENTRED,
  gamepadDeflection,
  isCentred,
  isStickKey,
  rampToward,
  targetFromKeys,
  toStickData,
  type Deflection,
} from './stickMapping.ts';

/** 10 Hz: the top of the 5–10 Hz the protocol recommends for `stick_control` (§5.2). */
export const STICK_PERIOD_MS = 100;
/** Centred frames still sent after the sticks come back, so the aircraft surely sees neutral. */
const NEUTRAL_TAIL = 3;

export interface StickLoopDeps {
  send(data: StickControlData): void;
  /** The worst link delay or data age now (ms), for the latency guard. */
  delayMs(now: number): number;
  /** Axes of the gamepad in use, or `null` without one. */
  gamepadAxes?(): readonly number[] | null;
  config?: LatencyGuardConfig;
}

/** What the cockpit draws of the loop. */
export interface StickView {
  deflection: Deflection;
  guard: GuardState;
  /** Whether the last tick sent sticks. */
  sending: boolean;
}

export class StickLoop {
  private readonly held = new Set<string>();
  private deflection: Deflection = CENTRED;
  private guard: GuardState = INITIAL_GUARD;
  private tail = 0;
  private sending = false;
  private cancel: Cancel | null = null;
  private readonly listeners = new Set<() => void>();
  private current: StickView = { deflection: CENTRED, guard: INITIAL_GUARD, sending: false };
  private config: LatencyGuardConfig;

  constructor(private readonly deps: StickLoopDeps) {
    this.config = deps.config ?? DEFAULT_GUARD;
  }

  /** New thresholds (the pilot saved settings); the loop goes on, judged by them from the next tick. */
  setConfig(config: LatencyGuardConfig): void {
    this.config = config;
  }

  start(): void {
    this.cancel ??= clock.setInterval(() => this.tick(), STICK_PERIOD_MS);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
    this.release();
  }

  /** A key went down; answers whether it steers (so the page can swallow it). */
  press(code: string): boolean {
    if (!isStickKey(code)) return false;
    this.held.add(code);
    return true;
  }

  lift(code: string): void {
    this.held.delete(code);
  }

  /** Centres at once: focus lost, tab hidden, session left. The next tick sends neutral. */
  release(): void {
    this.held.clear();
    if (!isCentred(this.deflection)) this.tail = NEUTRAL_TAIL;
    this.deflection = CENTRED;
  }

  /** Arrow properties, so React's `useSyncExternalStore` can take them unbound. */
  onView = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The same object until the next tick, as `useSyncExternalStore` requires. */
  view = (): StickView => this.current;

  private tick(): void {
    const now = clock.now();
    const config = this.config;
    this.guard = stepGuard(this.guard, this.deps.delayMs(now), now, config);
    if (this.guard.level === 'stop') {
      // Stopped: one neutral burst so the aircraft hovers, then silence until the link recovers.
      if (!isCentred(this.deflection)) this.tail = NEUTRAL_TAIL;
      this.deflection = CENTRED;
    } else {
      const next = rampToward(this.deflection, this.target(), STICK_PERIOD_MS);
      if (!isCentred(this.deflection) && isCentred(next)) this.tail = NEUTRAL_TAIL;
      this.deflection = next;
    }
    this.sending = !isCentred(this.deflection) || this.tail > 0;
    if (isCentred(this.deflection) && this.tail > 0) this.tail -= 1;
    if (this.sending) {
      this.deps.send(toStickData(this.deflection, authorityOf(this.guard.level, config)));
    }
    this.current = { deflection: this.deflection, guard: this.guard, sending: this.sending };
    for (const listener of this.listeners) listener();
  }

  private target(): Deflection {
    const axes = this.deps.gamepadAxes?.() ?? null;
    if (axes !== null) {
      const pad = gamepadDeflection(axes);
      if (!isCentred(pad)) return pad;
    }
    return targetFromKeys(this.held);
  }
}

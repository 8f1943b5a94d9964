/**
 * A clock whose time moves only when a test says so. Timers and frames fire in time order while
 * {@link VirtualClock.advance} walks forward, so a test reads like "20 s of silence pass" without
 * waiting and without flakiness. Install it with `installClock(new VirtualClock())`.
 */
import type { Cancel, Clock } from './clock.ts';

/** One frame at 60 fps: frames fire on this grid of virtual time. */
const VIRTUAL_FRAME_MS = 16;

interface Pending {
  id: number;
  at: number;
  /** Repeat period for intervals; `null` for one-shot timers and frames. */
  every: number | null;
  callback: () => void;
}

/** Virtual time for tests: starts at `start` (ms since the epoch) and moves only on `advance`. */
export class VirtualClock implements Clock {
  private time: number;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): Cancel {
    return this.add(this.time + Math.max(0, ms), null, callback);
  }

  setInterval(callback: () => void, ms: number): Cancel {
    const every = Math.max(1, ms);
    return this.add(this.time + every, every, callback);
  }

  requestFrame(callback: () => void): Cancel {
    const nextFrame = (Math.floor(this.time / VIRTUAL_FRAME_MS) + 1) * VIRTUAL_FRAME_MS;
    return this.add(nextFrame, null, callback);
  }

  /** How many timers and frames are waiting. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Moves time forward by `ms`, firing every timer and frame that falls due, in time order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (let due = this.earliest(end); due !== null; due = this.earliest(end)) {
      this.time = Math.max(this.time, due.at);
      if (due.every === null) this.pending.delete(due.id);
      else due.at += due.every;
      due.callback();
    }
    this.time = end;
  }

  /** Runs the frames (and timers) due within the next frame. */
  nextFrame(): void {
    this.advance(VIRTUAL_FRAME_MS);
  }

  private add(at: number, every: number | null, callback: () => void): Cancel {
    const id = this.nextId++;
    this.pending.set(id, { id, at, every, callback });
    return () => this.pending.delete(id);
  }

  /** The earliest entry due by `end`; ties go to the one scheduled first. */
  private earliest(end: number): Pending | null {
    let best: Pending | null = null;
    for (const entry of this.pending.values()) {
      if (entry.at <= end && (best === null || entry.at < best.at)) best = entry;
    }
    return best;
  }
}

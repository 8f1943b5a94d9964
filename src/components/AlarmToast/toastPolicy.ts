/**
 * Which live AI alarms get a toast of their own. A burst of detections must not bury the page: a few
 * toasts at once (one on a phone), the rest counted in a single "N more alarms" toast that opens the
 * alarm page; only alarms of the project the user is in; and nothing of a project left behind.
 */
import type { AiArrival } from './liveAlarms.ts';

/** Alarm toasts on screen at once on a desktop. */
export const MAX_ALARM_TOASTS = 3;
/** Alarm toasts on screen at once on a phone, where one compact toast is already a fifth of it. */
export const MAX_ALARM_TOASTS_PHONE = 1;

/** What the host should do for one arrival. */
export type ToastStep =
  /** Show a toast for this alarm under `key`. */
  | { kind: 'show'; key: string; arrival: AiArrival }
  /** Show, or update in place, the one summary toast: `count` alarms arrived without a toast. */
  | { kind: 'more'; count: number };

/** The key of an arrival's toast: one toast per detection. */
export const toastKey = (a: Pick<AiArrival, 'sn' | 'eventId'>): string => `${a.sn}|${a.eventId}`;

/** The toast bookkeeping of one console tab. */
export class AlarmToastPolicy {
  private readonly onScreen = new Set<string>();
  private hidden = 0;
  private project: number | null = null;

  /**
   * The user is now in project `id` (`null`: not known yet). Answers true when it is a different project than before: the
   * host must then clear every alarm toast, since they were about the other project's devices.
   */
  enterProject(id: number | null): boolean {
    // The account passes through "no project" while it loads: that is no switch.
    if (id === null || id === this.project) return false;
    const switched = this.project !== null;
    this.project = id;
    this.onScreen.clear();
    this.hidden = 0;
    return switched;
  }

  /**
   * What to do for `arrival`: nothing when its device is not in the current project, a toast of its
   * own while fewer than `limit` are on screen, else one more in the summary toast.
   */
  arrive(arrival: AiArrival, inProject: boolean, limit: number): ToastStep | null {
    if (!inProject) return null;
    const key = toastKey(arrival);
    if (this.onScreen.has(key)) return null;
    if (this.onScreen.size < limit) {
      this.onScreen.add(key);
      return { kind: 'show', key, arrival };
    }
    this.hidden += 1;
    return { kind: 'more', count: this.hidden };
  }

  /** The toast `key` left the screen (timed out, closed or opened). */
  dismissed(key: string): void {
    this.onScreen.delete(key);
  }

  /** The summary toast left the screen: the next overflow starts a new count. */
  moreDismissed(): void {
    this.hidden = 0;
  }

  /** How many alarm toasts are on screen, and how many the summary counts. */
  counts(): { onScreen: number; hidden: number } {
    return { onScreen: this.onScreen.size, hidden: this.hidden };
  }
}

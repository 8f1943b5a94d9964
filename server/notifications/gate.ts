/**
 * "No storms": what a rule lets through now and what it holds back for a digest.
 * - Quiet hours: during them nothing is sent; with `digest`, what was held goes out as one message
 *   when they end, otherwise it is dropped.
 * - Rate limit: at most one message per N minutes per rule, device and event kind. The first event
 *   opens a window and is sent; later ones in the window are held, and when it ends they go out as
 *   one digest, which opens the next window (so a digest counts as that window's one message).
 * Windows and held events live in memory, bounded; a restart forgets them.
 */
import type { EventKind, MessageLang } from '../../protocol/notifications.ts';

/** A held event's title in each language a channel may use. */
export type Summary = Record<MessageLang, string>;
import type { Scheduler } from '../runtime/scheduler.ts';
import type { DigestReason } from './format.ts';
import type { QuietRange } from './quietHours.ts';
import { isQuiet, msUntilEnd } from './quietHours.ts';
import { after } from './timers.ts';

/** What the gate needs of a rule. */
export interface GateRule {
  id: number;
  rateLimitMinutes: number;
  quiet: (QuietRange & { digest: boolean }) | null;
}

/** One event at the gate. */
export interface GateEvent {
  deviceSn: string;
  kind: EventKind;
  at: number;
  /** A one-line description for a digest's examples, in each message language. */
  summary: Summary;
}

/** Events held back and now due as one message. */
export interface Digest {
  ruleId: number;
  reason: DigestReason;
  eventKind: EventKind;
  count: number;
  from: number;
  to: number;
  devices: Record<string, number>;
  samples: Summary[];
}

interface Held {
  kind: EventKind;
  count: number;
  from: number;
  to: number;
  devices: Map<string, number>;
  samples: Summary[];
}

interface Window {
  rule: GateRule;
  held: Held | null;
  cancel: () => void;
}

/** Examples kept per digest, and devices counted per digest. */
const MAX_SAMPLES = 5;
const MAX_DEVICES = 200;
/** Open windows and quiet buckets at most: past this, events pass instead of being tracked. */
const MAX_KEYS = 10_000;

function hold(held: Held | null, e: GateEvent): Held {
  const h: Held = held ?? {
    kind: e.kind,
    count: 0,
    from: e.at,
    to: e.at,
    devices: new Map<string, number>(),
    samples: [],
  };
  h.count++;
  h.from = Math.min(h.from, e.at);
  h.to = Math.max(h.to, e.at);
  if (h.devices.has(e.deviceSn) || h.devices.size < MAX_DEVICES)
    h.devices.set(e.deviceSn, (h.devices.get(e.deviceSn) ?? 0) + 1);
  if (h.samples.length < MAX_SAMPLES) h.samples.push(e.summary);
  return h;
}

function merge(into: Held | null, from: Held): Held {
  const h: Held = into ?? { ...from, devices: new Map<string, number>(), samples: [], count: 0 };
  h.count += from.count;
  h.from = Math.min(h.from, from.from);
  h.to = Math.max(h.to, from.to);
  for (const [sn, n] of from.devices) h.devices.set(sn, (h.devices.get(sn) ?? 0) + n);
  h.samples = [...h.samples, ...from.samples].slice(0, MAX_SAMPLES);
  return h;
}

export interface Gate {
  /** True: send `event` now; false: it was held (or dropped in quiet hours without a digest). */
  admit(rule: GateRule, event: GateEvent): boolean;
  stop(): void;
}

/** Creates the gate; `onDigest` gets each digest when it is due. */
export function createGate(scheduler: Scheduler, onDigest: (digest: Digest) => void): Gate {
  const windows = new Map<string, Window>();
  const quiet = new Map<number, { held: Held | null; cancel: () => void }>();

  function emit(ruleId: number, reason: DigestReason, h: Held): void {
    onDigest({
      ruleId,
      reason,
      eventKind: h.kind,
      count: h.count,
      from: h.from,
      to: h.to,
      devices: Object.fromEntries(h.devices),
      samples: h.samples,
    });
  }

  /** Holds into the rule's quiet bucket, opening it (and its end-of-quiet timer) if needed. */
  function holdQuiet(rule: GateRule, add: (held: Held | null) => Held): void {
    const range = rule.quiet;
    if (!range?.digest) return;
    let bucket = quiet.get(rule.id);
    if (!bucket) {
      if (quiet.size >= MAX_KEYS) return;
      const ms = msUntilEnd(range, scheduler.now());
      const fresh = {
        held: null as Held | null,
        cancel: after(scheduler, ms, () => {
          quiet.delete(rule.id);
          if (fresh.held) emit(rule.id, 'quiet_hours', fresh.held);
        }),
      };
      quiet.set(rule.id, fresh);
      bucket = fresh;
    }
    bucket.held = add(bucket.held);
  }

  function openWindow(key: string, rule: GateRule): void {
    const window: Window = {
      rule,
      held: null,
      cancel: after(scheduler, rule.rateLimitMinutes * 60_000, () => closeWindow(key, window)),
    };
    windows.set(key, window);
  }

  function closeWindow(key: string, window: Window): void {
    windows.delete(key);
    const held = window.held;
    if (!held) return;
    // A window ending inside quiet hours hands what it held to the quiet digest.
    if (window.rule.quiet && isQuiet(window.rule.quiet, scheduler.now())) {
      holdQuiet(window.rule, (h) => merge(h, held));
      return;
    }
    emit(window.rule.id, 'rate_limit', held);
    openWindow(key, window.rule);
  }

  return {
    admit(rule, event) {
      if (rule.quiet && isQuiet(rule.quiet, event.at)) {
        holdQuiet(rule, (h) => hold(h, event));
        return false;
      }
      if (rule.rateLimitMinutes <= 0) return true;
      const key = `${String(rule.id)}|${event.deviceSn}|${event.kind}`;
      const open = windows.get(key);
      if (open) {
        open.held = hold(open.held, event);
        return false;
      }
      if (windows.size < MAX_KEYS) openWindow(key, rule);
      return true;
    },
    stop() {
      for (const w of windows.values()) w.cancel();
      for (const q of quiet.values()) q.cancel();
      windows.clear();
      quiet.clear();
    },
  };
}

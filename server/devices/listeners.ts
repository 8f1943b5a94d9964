/**
 * The gateway's handlers of decoded device messages, by what they hear (`events` or `status`), the
 * lane they hear it on and the message's method. A handler that throws is logged and skipped, so one
 * feature's bug cannot keep the others from hearing a message.
 */
import type { Decoded } from '../mqtt/decode.ts';
import type { Log } from '../runtime/log.ts';
import type { EventHandler, Lane } from './DeviceGateway.ts';

/** The enveloped topic kinds features hear through `onEvent` and `onStatus`. */
export type HeardKind = 'events' | 'status';

export interface Listeners {
  /** Adds `handler`; returns its removal. */
  add(kind: HeardKind, lane: Lane, method: string, handler: EventHandler): () => void;
  /** Whether anyone listens to `kind` on `lane` (its topic need not be subscribed otherwise). */
  has(kind: HeardKind, lane: Lane): boolean;
  /** Hands `msg` to the handlers of its method on each of `lanes`. */
  dispatch(kind: HeardKind, lanes: readonly Lane[], sn: string, msg: Decoded): void;
}

/** Creates an empty set of listeners that log failing handlers on `log`. */
export function createListeners(log: Log): Listeners {
  // Keyed `kind lane` → method → handlers: a message looks up only its own method's handlers.
  const byKey = new Map<string, Map<string, Set<EventHandler>>>();
  const keyOf = (kind: HeardKind, lane: Lane) => `${kind} ${lane}`;

  return {
    add(kind, lane, method, handler) {
      const key = keyOf(kind, lane);
      const methods = byKey.get(key) ?? new Map<string, Set<EventHandler>>();
      byKey.set(key, methods);
      const set = methods.get(method) ?? new Set<EventHandler>();
      methods.set(method, set);
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && methods.get(method) === set) methods.delete(method);
        if (methods.size === 0 && byKey.get(key) === methods) byKey.delete(key);
      };
    },
    has: (kind, lane) => byKey.has(keyOf(kind, lane)),
    dispatch(kind, lanes, sn, msg) {
      if (msg.method === undefined) return;
      for (const lane of lanes)
        for (const handler of byKey.get(keyOf(kind, lane))?.get(msg.method) ?? [])
          try {
            handler(sn, msg);
          } catch (error) {
            log.error(`device gateway: ${msg.method} from ${sn} failed: ${String(error)}`);
          }
    },
  };
}

/**
 * What a log line is about, carried through asynchronous work: the HTTP request that started it
 * (`reqId`, Fastify's request id) or the device message that did (`tid`, `bid`, the device's serial
 * and the method). Work started by a request keeps its id into the device calls it makes, so one
 * search for the id finds the request, the service it sent and the device's silence or answer; work
 * a device message starts (an event, a request, a reply) carries that message's ids.
 *
 * The fields reach every line through pino's `mixin` (`logContextFields`), so the many modules that
 * log plain sentences need not pass them along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  /** The HTTP request's id (Fastify's `request.id`). */
  reqId?: string;
  /** The device message's transaction and business ids (protocol envelope). */
  tid?: string;
  bid?: string;
  /** The device the message came from or went to. */
  sn?: string;
  /** The message's method (`flighttask_progress`, `cover_open`…). */
  method?: string;
}

const store = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` added to the current one; what `work` starts carries it too. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  const outer = store.getStore();
  return store.run(outer ? { ...outer, ...context } : context, work);
}

/** The context of the work running now; undefined outside any. */
export function currentLogContext(): LogContext | undefined {
  return store.getStore();
}

/** The part of a logger pino lets a mixin see. */
interface BoundLogger {
  bindings(): Record<string, unknown>;
}

/**
 * pino's `mixin`: the current context's fields for a line. A fresh object each time (pino merges the
 * line into it); no `reqId` for a line of a request's own logger, which already names it.
 */
export function logContextFields(
  _line: object,
  _level: number,
  logger?: BoundLogger,
): Record<string, string> {
  const context = store.getStore();
  if (!context) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(context))
    if (typeof value === 'string') fields[key] = value;
  if (fields.reqId !== undefined && logger?.bindings().reqId !== undefined) delete fields.reqId;
  return fields;
}

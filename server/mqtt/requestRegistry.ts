/**
 * Answers for the `requests` family: one handler per method, registered by the feature that owns it
 * (`config` here, the task engine's `flighttask_resource_get` and `storage_config_get` later). A
 * method without a handler still gets a reply with a non-zero result: a dock waiting for an answer
 * that never comes retries and finally gives up, which looks like a broken link rather than a
 * missing feature.
 */
import {
  isRequestMethod,
  REQUEST_FAILED,
  REQUEST_UNSUPPORTED,
} from '../../protocol/mqtt/requests.ts';
import type {
  REQUEST_OK,
  RequestData,
  RequestMethod,
  RequestOutput,
  RequestReply,
} from '../../protocol/mqtt/requests.ts';
import type { Decoded } from './decode.ts';
import type { Log } from '../runtime/log.ts';

/** What a handler is told about the request. */
export interface RequestContext<M extends RequestMethod> {
  /** The gateway that asked (from the topic, never from the payload). */
  gatewaySn: string;
  data: RequestData<M>;
}

/** A handler's answer: `output` on success, or a non-zero `result` of its own. */
export type RequestOutcome<M extends RequestMethod> =
  { result: typeof REQUEST_OK; output: RequestOutput<M> } | { result: number; output?: undefined };

export type RequestHandler<M extends RequestMethod> = (
  context: RequestContext<M>,
) => Promise<RequestOutcome<M>> | RequestOutcome<M>;

export interface RequestRegistry {
  /** Serves `method` with `handler`; a second registration for one method replaces the first. */
  register<M extends RequestMethod>(method: M, handler: RequestHandler<M>): void;
  /** The reply to one decoded request from `gatewaySn`; never rejects. */
  answer(gatewaySn: string, msg: Decoded, now: number): Promise<RequestReply>;
}

type AnyHandler = (context: {
  gatewaySn: string;
  data: unknown;
}) => Promise<{ result: number; output?: object }> | { result: number; output?: object };

/** Creates an empty registry; unhandled methods are logged once each. */
export function createRequestRegistry(log: Log): RequestRegistry {
  const handlers = new Map<string, AnyHandler>();
  const reported = new Set<string>();

  function reportOnce(method: string, detail: string): void {
    if (reported.has(method)) return;
    reported.add(method);
    log.warn(`mqtt request ${method || '(no method)'} ${detail}`);
  }

  async function outcome(gatewaySn: string, msg: Decoded) {
    const method = msg.method ?? '';
    const handler = isRequestMethod(method) ? handlers.get(method) : undefined;
    if (!handler) {
      reportOnce(
        method,
        `from ${gatewaySn} has no handler; answered result=${REQUEST_UNSUPPORTED}`,
      );
      return { result: REQUEST_UNSUPPORTED };
    }
    try {
      return await handler({ gatewaySn, data: msg.data });
    } catch (error) {
      log.error(`mqtt request ${method} from ${gatewaySn} failed: ${String(error)}`);
      return { result: REQUEST_FAILED };
    }
  }

  return {
    register(method, handler) {
      handlers.set(method, handler as AnyHandler);
    },
    async answer(gatewaySn, msg, now) {
      const { result, output } = await outcome(gatewaySn, msg);
      const data = output === undefined ? { result } : { result, output: { ...output } };
      return { tid: msg.tid, bid: msg.bid, timestamp: now, method: msg.method ?? '', data };
    },
  };
}

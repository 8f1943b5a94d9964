import type { Fields } from '../mqtt/decode.ts';

/** A dock's answer on `services_reply`; `result` -1 when none came in time. */
export interface ServiceReply {
  result: number;
  output?: Fields;
  latencyMs: number;
}

/** What the task engine needs from the broker: call services, hear events, publish `taskInfo`. */
export interface DeviceLink {
  /** Publishes `method` on the gateway's `services` topic and waits for its reply. */
  call(gatewaySn: string, method: string, data: object): Promise<ServiceReply>;
  /** Publishes one of our own messages (e.g. `taskInfo`). */
  publish(topic: string, payload: object): void;
  /** Hears the gateways' `events`; returns the unsubscribe function. */
  onEvent(listener: (gatewaySn: string, method: string, data: Fields) => void): () => void;
  close(): Promise<void>;
}

/** Result code the engine records when a dock did not answer a service in time. */
export const NO_REPLY = -1;

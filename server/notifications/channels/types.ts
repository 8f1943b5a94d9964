import type { DeliveryKind } from '../../../protocol/notifications.ts';
import type { EgressPolicy } from '../egress.ts';
import type { Message } from '../format.ts';

/** What one try of a delivery came to. */
export interface AttemptResult {
  ok: boolean;
  /** The HTTP status or SMTP reply code, when there was one. */
  statusCode: number | null;
  error: string;
  /** Whether another try may succeed (a timeout, a 5xx) rather than fail the same way (a 4xx). */
  retry: boolean;
}

/** One message on its way through a channel. */
export interface Outbound {
  deliveryId: number;
  kind: DeliveryKind;
  message: Message;
  /** The clock now (ms): signatures and timestamps use it. */
  now: number;
  /** Where the channel's connections may go (the operator's settings). */
  egress: EgressPolicy;
}

/** Longest wait for one try of any channel. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

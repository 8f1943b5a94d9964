/**
 * Generic webhooks: the message as JSON, signed with the channel's secret as
 * `X-Skydeck-Signature: sha256=<hex HMAC-SHA256 of the raw body>`. Every try of a delivery sends the
 * same body (its `delivery_id` lets a receiver drop repeats); `X-Skydeck-Timestamp` is the try's time.
 */
import { createHmac } from 'node:crypto';
import type { WebhookConfig } from '../../../protocol/notifications.ts';
import { postJson } from './httpPost.ts';
import type { AttemptResult, Outbound } from './types.ts';

export const SIGNATURE_HEADER = 'x-skydeck-signature';
export const TIMESTAMP_HEADER = 'x-skydeck-timestamp';

/** `sha256=<hex>` of `body` under `secret`. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** The body and headers of one try. */
export function webhookRequest(config: WebhookConfig, out: Outbound) {
  const { message } = out;
  const body = JSON.stringify({
    delivery_id: out.deliveryId,
    type: out.kind,
    title: message.title,
    text: message.lines.join('\n'),
    ...message.data,
  });
  const headers: Record<string, string> = {
    'user-agent': 'Skydeck-Notifier/1',
    'x-skydeck-delivery': String(out.deliveryId),
    [TIMESTAMP_HEADER]: String(Math.floor(out.now / 1000)),
  };
  if (config.secret !== '') headers[SIGNATURE_HEADER] = webhookSignature(config.secret, body);
  return { body, headers };
}

/** Sends one try. */
export function sendWebhook(config: WebhookConfig, out: Outbound): Promise<AttemptResult> {
  const { body, headers } = webhookRequest(config, out);
  return postJson(config.url, body, { egress: out.egress, headers });
}

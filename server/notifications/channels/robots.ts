/**
 * The chat robots Chinese teams use, each with its documented message shape and signing:
 * - DingTalk custom robot: `msgtype: markdown`; with 加签, `timestamp` (ms) and `sign` = base64 of
 *   HMAC-SHA256 keyed by the secret over `timestamp + "\n" + secret`, both as URL query parameters.
 * - WeCom (企业微信) group robot: `msgtype: markdown` with `markdown.content` (at most 4096 bytes).
 * - Feishu/Lark custom bot: `msg_type: text` or `post`; with signing, `timestamp` (s) and `sign` =
 *   base64 of HMAC-SHA256 keyed by `timestamp + "\n" + secret` over an empty message, in the body.
 * All three answer HTTP 200 with an error code in the body when they refuse a message.
 */
import { createHmac } from 'node:crypto';
import type { DingtalkConfig, FeishuConfig, WecomConfig } from '../../../protocol/notifications.ts';
import { markdownOf, plainOf } from '../format.ts';
import { postJson, robotError } from './httpPost.ts';
import type { AttemptResult, Outbound } from './types.ts';

/** WeCom refuses markdown longer than this many bytes. */
const WECOM_MAX_BYTES = 4096;

/** DingTalk's `sign` for `timestamp` (ms), before URL encoding. */
export function dingtalkSign(secret: string, timestamp: number): string {
  return createHmac('sha256', secret)
    .update(`${String(timestamp)}\n${secret}`)
    .digest('base64');
}

/** Feishu's `sign` for `timestamp` (s). */
export function feishuSign(secret: string, timestamp: number): string {
  return createHmac('sha256', `${String(timestamp)}\n${secret}`)
    .update('')
    .digest('base64');
}

/** The robot's URL with DingTalk's signature parameters when the channel has a secret. */
export function dingtalkUrl(config: DingtalkConfig, now: number): string {
  if (config.secret === '') return config.url;
  const url = new URL(config.url);
  url.searchParams.set('timestamp', String(now));
  url.searchParams.set('sign', dingtalkSign(config.secret, now));
  return url.toString();
}

/** Sends one try to a DingTalk robot. */
export function sendDingtalk(config: DingtalkConfig, out: Outbound): Promise<AttemptResult> {
  const body = JSON.stringify({
    msgtype: 'markdown',
    markdown: { title: out.message.title, text: markdownOf(out.message) },
  });
  return postJson(dingtalkUrl(config, out.now), body, {
    egress: out.egress,
    checkBody: robotError,
  });
}

/** `text` cut to at most `max` UTF-8 bytes, on a character boundary. */
function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch) > max - 3) break;
    out += ch;
  }
  return `${out}…`;
}

/** Sends one try to a WeCom group robot. */
export function sendWecom(config: WecomConfig, out: Outbound): Promise<AttemptResult> {
  const body = JSON.stringify({
    msgtype: 'markdown',
    markdown: { content: cutBytes(markdownOf(out.message), WECOM_MAX_BYTES) },
  });
  return postJson(config.url, body, { egress: out.egress, checkBody: robotError });
}

/** The Feishu body of one try: text or rich text (`post`), signed when the channel has a secret. */
export function feishuBody(config: FeishuConfig, out: Outbound): Record<string, unknown> {
  const { message } = out;
  const content =
    config.format === 'post'
      ? {
          post: {
            zh_cn: {
              title: message.title,
              content: message.lines.map((line) => [{ tag: 'text', text: line }]),
            },
          },
        }
      : { text: plainOf(message) };
  const body: Record<string, unknown> = { msg_type: config.format, content };
  if (config.secret !== '') {
    const timestamp = Math.floor(out.now / 1000);
    body.timestamp = String(timestamp);
    body.sign = feishuSign(config.secret, timestamp);
  }
  return body;
}

/** Sends one try to a Feishu/Lark bot. */
export function sendFeishu(config: FeishuConfig, out: Outbound): Promise<AttemptResult> {
  return postJson(config.url, JSON.stringify(feishuBody(config, out)), {
    egress: out.egress,
    checkBody: robotError,
  });
}

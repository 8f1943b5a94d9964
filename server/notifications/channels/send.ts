import type { ChannelConfigs, ChannelKind } from '../../../protocol/notifications.ts';
import { sendEmail } from './email.ts';
import { sendDingtalk, sendFeishu, sendWecom } from './robots.ts';
import type { AttemptResult, Outbound } from './types.ts';
import { sendWebhook } from './webhook.ts';

/** A channel as a delivery needs it: its kind and full (unmasked) settings. */
export type ChannelTarget = {
  [K in ChannelKind]: { kind: K; config: ChannelConfigs[K] };
}[ChannelKind];

/** One try of `out` through `channel`. */
export function sendThrough(channel: ChannelTarget, out: Outbound): Promise<AttemptResult> {
  switch (channel.kind) {
    case 'webhook':
      return sendWebhook(channel.config, out);
    case 'email':
      return sendEmail(channel.config, out);
    case 'dingtalk':
      return sendDingtalk(channel.config, out);
    case 'wecom':
      return sendWecom(channel.config, out);
    case 'feishu':
      return sendFeishu(channel.config, out);
  }
}

import type { MessageTable } from './messageTable.ts';

/** Notification channels and rules. */
export const notificationMessages = {
  'not_found.notification_channel': ['通知渠道不存在', 'no such notification channel'],
  'not_found.notification_rule': ['通知规则不存在', 'no such notification rule'],
  'notification.http_url': [
    '{field}: 须为 http:// 或 https:// 开头的地址',
    '{field}: must be an http:// or https:// address',
  ],
  'notification.private_address': [
    '{field}: {host} 指向内网、本机或保留地址，服务器不向其发送；如确需使用，请运维在 NOTIFY_ALLOW_HOSTS 中放行',
    '{field}: {host} is or resolves to a private, loopback or reserved address, which this server does not send to; the operator may allow it with NOTIFY_ALLOW_HOSTS',
  ],
  'notification.channel_elsewhere': [
    '{field}: 渠道 {id} 不存在或不属于该项目',
    '{field}: channel {id} does not exist in this project',
  ],
  'notification.time_zone': ['{field}: 未知的时区', '{field}: unknown time zone'],
  'notification.quiet_empty': [
    '{field}: 免打扰的开始与结束时间不能相同',
    '{field}: quiet hours must not start and end at the same time',
  ],
} as const satisfies MessageTable;

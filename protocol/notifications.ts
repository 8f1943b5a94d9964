/**
 * Notifications: the events the server tells people about, the channels it tells them through
 * (webhook, e-mail, DingTalk, WeCom, Feishu), the per-project rules between the two, and the
 * delivery log. Shared by the server's routes and the /notifications page.
 */

/** Read access (the page's menu name) and the page's buttons. */
export const NOTIFICATION_ACCESS = {
  read: 'notifications',
  add: 'notification:add',
  edit: 'notification:edit',
  del: 'notification:del',
} as const;

export const NOTIFICATION_API = {
  channels: '/api/notifications/channels',
  channelAdd: '/api/notifications/channels/add',
  channelEdit: '/api/notifications/channels/edit',
  channelDel: '/api/notifications/channels/del',
  channelTest: '/api/notifications/channels/test',
  rules: '/api/notifications/rules',
  ruleAdd: '/api/notifications/rules/add',
  ruleEdit: '/api/notifications/rules/edit',
  ruleDel: '/api/notifications/rules/del',
  deliveries: '/api/notifications/deliveries',
} as const;

/** What can raise a notification. */
export const EVENT_KINDS = ['hms', 'ai_alarm', 'gas', 'task_failed', 'device_offline'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** An HMS alarm a device raised (levels: 0 notice, 1 caution, 2 warning). */
export interface HmsEvent {
  kind: 'hms';
  deviceSn: string;
  code: string;
  level: number;
  at?: number;
  workspaceId?: number;
}

/** A stored AI detection; category, confidence and level are read from the alarm when missing. */
export interface AiAlarmEvent {
  kind: 'ai_alarm';
  deviceSn: string;
  alarmId: number;
  category?: string;
  confidence?: number;
  level?: number;
  at?: number;
  workspaceId?: number;
  /**
   * An airspace alarm's area: its kind and name, the distance to its boundary (m), and whether the
   * aircraft is inside it.
   */
  area?: { kind: 'no_fly' | 'operation'; name: string; distanceM: number; inside: boolean };
}

/** A gas crossing its project's caution (level 1) or warning (level 2) threshold. */
export interface GasEvent {
  kind: 'gas';
  deviceSn: string;
  gas: string;
  value: number;
  level: number;
  threshold: number;
  at?: number;
  workspaceId?: number;
}

/** A flight run that ended without success (`state` is the run's final state). */
export interface TaskFailedEvent {
  kind: 'task_failed';
  deviceSn: string;
  executionId: number;
  state: string;
  taskName?: string;
  at?: number;
  workspaceId?: number;
}

/** A registered device that stopped being heard. */
export interface DeviceOfflineEvent {
  kind: 'device_offline';
  deviceSn: string;
  at?: number;
  workspaceId?: number;
}

/** One event handed to the notifier; `at` defaults to the notifier's clock. */
export type NotificationEvent =
  HmsEvent | AiAlarmEvent | GasEvent | TaskFailedEvent | DeviceOfflineEvent;

/** Final run states that count as a failure (a canceled or successful run is not one). */
export const FAILED_RUN_STATES = ['failed', 'timeout', 'rejected', 'partially_done'] as const;

export const CHANNEL_KINDS = ['webhook', 'email', 'dingtalk', 'wecom', 'feishu'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The language a channel's messages are written in. */
export const MESSAGE_LANGS = ['zh', 'en'] as const;
export type MessageLang = (typeof MESSAGE_LANGS)[number];

export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export interface WebhookConfig {
  url: string;
  /** HMAC key of `X-Skydeck-Signature`; empty: the body is sent unsigned. */
  secret: string;
}

export interface EmailConfig {
  host: string;
  port: number;
  /** `tls`: TLS from the first byte (465); `starttls`: upgrade required (587); `none`: plain. */
  security: SmtpSecurity;
  user: string;
  password: string;
  from: string;
  to: string[];
}

export interface DingtalkConfig {
  /** `https://oapi.dingtalk.com/robot/send?access_token=…` */
  url: string;
  /** The robot's 加签 secret (`SEC…`); empty when the robot uses keywords or IPs instead. */
  secret: string;
}

export interface WecomConfig {
  /** `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…` */
  url: string;
}

export const FEISHU_FORMATS = ['text', 'post'] as const;
export type FeishuFormat = (typeof FEISHU_FORMATS)[number];

export interface FeishuConfig {
  /** `https://open.feishu.cn/open-apis/bot/v2/hook/…` (or Lark's). */
  url: string;
  secret: string;
  format: FeishuFormat;
}

export interface ChannelConfigs {
  webhook: WebhookConfig;
  email: EmailConfig;
  dingtalk: DingtalkConfig;
  wecom: WecomConfig;
  feishu: FeishuConfig;
}

/**
 * Fields that hold credentials: answered masked, and kept unchanged when an edit sends the mask.
 * Webhook and robot URLs count: most carry their token in the path or the query.
 */
export const SECRET_FIELDS: { [K in ChannelKind]: readonly (keyof ChannelConfigs[K])[] } = {
  webhook: ['url', 'secret'],
  email: ['password'],
  dingtalk: ['url', 'secret'],
  wecom: ['url'],
  feishu: ['url', 'secret'],
};

/** A channel as the API answers it: secrets masked. */
export type NotificationChannel = {
  [K in ChannelKind]: {
    id: number;
    workspace_id: number;
    name: string;
    kind: K;
    lang: MessageLang;
    enabled: boolean;
    config: ChannelConfigs[K];
    /** How many rules send through it. */
    rule_count: number;
    created_at: string;
    updated_at: string;
  };
}[ChannelKind];

/** What narrows a rule's events; fields that do not apply to its kind are ignored. */
export interface RuleFilter {
  /** HMS: lowest alarm level (0–2); gas: lowest crossing level (1 caution, 2 warning). */
  min_level?: number;
  /** AI alarms: categories to send; empty or absent: every category. */
  categories?: string[];
  /** AI alarms: lowest confidence, 0–1. */
  min_confidence?: number;
  /** Gas: channels to send; empty or absent: every gas. */
  gases?: string[];
  /** Any kind: only these devices; empty or absent: every device of the project. */
  device_sns?: string[];
}

/** A local time range (`HH:mm`, end excluded, may wrap midnight) during which nothing is sent. */
export interface QuietHours {
  start: string;
  end: string;
  /** IANA zone of the times, e.g. `Asia/Shanghai`. */
  timezone: string;
  /** Send one digest of what was held back when the quiet hours end. */
  digest: boolean;
}

export interface NotificationRule {
  id: number;
  workspace_id: number;
  name: string;
  event_kind: EventKind;
  enabled: boolean;
  filter: RuleFilter;
  channel_ids: number[];
  quiet_hours: QuietHours | null;
  /** At most one message per this many minutes per device and event kind; 0: no limit. */
  rate_limit_minutes: number;
  created_at: string;
  updated_at: string;
}

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a delivery carried: one event, a digest of held-back ones, or a test. */
export const DELIVERY_KINDS = ['event', 'digest', 'test'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  ok: boolean;
  /** The HTTP status or SMTP reply code, when there was one. */
  status_code: number | null;
  error: string;
  duration_ms: number;
}

export interface NotificationDelivery {
  id: number;
  workspace_id: number;
  channel_id: number | null;
  channel_name: string;
  channel_kind: ChannelKind;
  rule_id: number | null;
  kind: DeliveryKind;
  event_kind: EventKind | null;
  device_sn: string;
  title: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  created_at: string;
}

/** Retries after a failed attempt: three more tries, 1 s, 5 s and 25 s later. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const;
/** Deliveries older than this many days are pruned. */
export const DELIVERY_RETENTION_DAYS = 30;

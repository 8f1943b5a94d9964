/**
 * Request schemas of the notification routes. A channel's `config` depends on its `kind`, so the body
 * takes it as an object and the route checks it against the kind's schema (`readConfig`), naming the
 * offending field as `config.<field>` the way every other 400 names its field.
 */
import { z } from 'zod';
import type { ZodType } from 'zod';
import { GAS_CHANNELS } from '../../../protocol/gas.ts';
import type { ChannelConfigs, ChannelKind } from '../../../protocol/notifications.ts';
import {
  CHANNEL_KINDS,
  DELIVERY_STATUSES,
  EVENT_KINDS,
  FEISHU_FORMATS,
  MESSAGE_LANGS,
  SMTP_SECURITY,
} from '../../../protocol/notifications.ts';
import { ApiError } from '../ApiError.ts';
import type { MessageKey } from '../messages.ts';
import { id, name, numeric, optionalId, paging } from '../schemas.ts';

const isHttpUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** An http(s) address; anything else is refused with its own message (see `readConfig`). */
const httpUrl = z.string().trim().min(1).max(2000).refine(isHttpUrl, { message: 'http_url' });
const secret = z.string().max(500);
const address = z.email().max(320);
const mailbox = z
  .string()
  .trim()
  .min(1)
  .max(320)
  .refine((v) => address.safeParse(v).success || /^[^<>]*<[^<>@\s]+@[^<>\s]+>$/.test(v));

/** The schema of each kind's settings; when editing, credentials may be left out (kept as stored). */
function configSchemas(editing: boolean): {
  [K in ChannelKind]: ZodType<Partial<ChannelConfigs[K]>>;
} {
  const kept = (schema: ZodType<string>) => (editing ? schema.optional() : schema);
  const keptOrEmpty = (schema: z.ZodString) => (editing ? schema.optional() : schema.default(''));
  return {
    webhook: z.object({ url: kept(httpUrl), secret: keptOrEmpty(secret) }),
    email: z.object({
      host: z.string().trim().min(1).max(253),
      port: numeric(z.number().int().min(1).max(65_535)),
      security: z.enum(SMTP_SECURITY).default('starttls'),
      user: z.string().trim().max(200).default(''),
      password: keptOrEmpty(secret),
      from: mailbox,
      to: z.array(address).min(1).max(50),
    }),
    dingtalk: z.object({ url: kept(httpUrl), secret: keptOrEmpty(secret) }),
    wecom: z.object({ url: kept(httpUrl) }),
    feishu: z.object({
      url: kept(httpUrl),
      secret: keptOrEmpty(secret),
      format: z.enum(FEISHU_FORMATS).default('text'),
    }),
  };
}

const ADD_CONFIGS = configSchemas(false);
const EDIT_CONFIGS = configSchemas(true);

/** The zod issue as a catalogue message naming `config.<path>`. */
function configError(issue: z.core.$ZodIssue): ApiError {
  const field = ['config', ...issue.path.map(String)].join('.');
  if (issue.message === 'http_url') return new ApiError(400, 'notification.http_url', { field });
  let key: MessageKey = 'validation.invalid';
  const params: Record<string, string | number> = { field };
  if (issue.code === 'invalid_type' && issue.message.includes('received undefined'))
    key = 'validation.required';
  else if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    key = 'validation.required';
  else if (issue.code === 'too_small') {
    key = 'validation.too_small';
    params.min = Number(issue.minimum);
  } else if (issue.code === 'too_big') {
    key = 'validation.too_big';
    params.max = Number(issue.maximum);
  }
  return new ApiError(400, key, params);
}

/** `config` checked against the schema of `kind`; a 400 naming the field otherwise. */
export function readConfig<K extends ChannelKind>(
  kind: K,
  config: unknown,
  editing: boolean,
): Partial<ChannelConfigs[K]> {
  const schema = (editing ? EDIT_CONFIGS : ADD_CONFIGS)[kind] as ZodType<
    Partial<ChannelConfigs[K]>
  >;
  const parsed = schema.safeParse(config);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw issue ? configError(issue) : new ApiError(400, 'validation.invalid', { field: 'config' });
}

const channelFields = {
  name: name(64),
  kind: z.enum(CHANNEL_KINDS),
  lang: z.enum(MESSAGE_LANGS).default('zh'),
  enabled: z.boolean().default(true),
  config: z.record(z.string(), z.unknown()),
};

export const channelAddBody = z.object({ workspace_id: id.optional(), ...channelFields });
export const channelEditBody = z.object({ id, ...channelFields });
export const idBody = z.object({ id });
export const listQuery = z.object({ workspace_id: optionalId });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const sn = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);

const ruleFields = {
  name: name(64),
  event_kind: z.enum(EVENT_KINDS),
  enabled: z.boolean().default(true),
  channel_ids: z.array(id).min(1).max(20),
  filter: z
    .object({
      min_level: z.number().int().min(0).max(2).optional(),
      categories: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
      min_confidence: z.number().min(0).max(1).optional(),
      gases: z.array(z.enum(GAS_CHANNELS)).max(GAS_CHANNELS.length).optional(),
      device_sns: z.array(sn).max(200).optional(),
    })
    .default({}),
  quiet_hours: z
    .object({
      start: hhmm,
      end: hhmm,
      timezone: z.string().trim().min(1).max(64).default('Asia/Shanghai'),
      digest: z.boolean().default(true),
    })
    .nullable()
    .default(null),
  rate_limit_minutes: z.number().int().min(0).max(1440).default(0),
};

export const ruleAddBody = z.object({ workspace_id: id.optional(), ...ruleFields });
export const ruleEditBody = z.object({ id, ...ruleFields });
export type RuleFields = Omit<z.infer<typeof ruleAddBody>, 'workspace_id'>;

export const deliveriesQuery = z.object({
  ...paging,
  workspace_id: optionalId,
  channel_id: optionalId,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DELIVERY_STATUSES).optional()),
});

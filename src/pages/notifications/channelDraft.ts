/** The channel form's values, their checks and the body they become. */
import type {
  ChannelKind,
  FeishuFormat,
  MessageLang,
  NotificationChannel,
  SmtpSecurity,
} from '../../../protocol/notifications.ts';
import type { ChannelBody } from './notificationsApi.ts';

export interface ChannelDraft {
  name: string;
  kind: ChannelKind;
  lang: MessageLang;
  enabled: boolean;
  url: string;
  /** As answered (masked) when editing: sent back unchanged, the server keeps the stored one. */
  secret: string;
  host: string;
  port: string;
  security: SmtpSecurity;
  user: string;
  password: string;
  from: string;
  /** Addresses separated by commas or new lines. */
  to: string;
  format: FeishuFormat;
}

/** The text fields of the form. */
export type ChannelField = Exclude<keyof ChannelDraft, 'kind' | 'lang' | 'enabled'>;

/** The fields each kind shows, in order. */
export const KIND_FIELDS: Readonly<Record<ChannelKind, readonly ChannelField[]>> = {
  webhook: ['url', 'secret'],
  email: ['host', 'port', 'security', 'user', 'password', 'from', 'to'],
  dingtalk: ['url', 'secret'],
  wecom: ['url'],
  feishu: ['url', 'secret', 'format'],
};

/** Fields holding a credential: answered masked, shown as a password. */
export const SECRET_INPUTS: ReadonlySet<ChannelField> = new Set(['secret', 'password']);

export const emptyChannel = (): ChannelDraft => ({
  name: '',
  kind: 'webhook',
  lang: 'zh',
  enabled: true,
  url: '',
  secret: '',
  host: '',
  port: '465',
  security: 'tls',
  user: '',
  password: '',
  from: '',
  to: '',
  format: 'text',
});

/** The edit form of a channel, its credentials as the server masked them. */
export function channelDraftOf(channel: NotificationChannel): ChannelDraft {
  const draft = { ...emptyChannel(), name: channel.name, kind: channel.kind, lang: channel.lang };
  draft.enabled = channel.enabled;
  const c = channel.config as unknown as Record<string, unknown>;
  const text = (key: string) => (typeof c[key] === 'string' ? c[key] : '');
  return {
    ...draft,
    url: text('url'),
    secret: text('secret'),
    host: text('host'),
    port: typeof c.port === 'number' ? String(c.port) : draft.port,
    security: (text('security') || draft.security) as SmtpSecurity,
    user: text('user'),
    password: text('password'),
    from: text('from'),
    to: Array.isArray(c.to) ? c.to.join(', ') : '',
    format: (text('format') || draft.format) as FeishuFormat,
  };
}

/** The addresses of the `to` field. */
export const addressesOf = (to: string): string[] =>
  to
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const FROM = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export type ChannelProblem = 'required' | 'badUrl' | 'badEmail' | 'badNumber';

/** What is wrong with `field`, or undefined (fields the kind does not show are never wrong). */
export function channelProblem(
  d: ChannelDraft,
  field: ChannelField | 'name',
): ChannelProblem | undefined {
  if (field === 'name') return d.name.trim() === '' ? 'required' : undefined;
  if (!KIND_FIELDS[d.kind].includes(field)) return undefined;
  const value = d[field].trim();
  switch (field) {
    case 'url':
      return value === '' ? 'required' : isHttpUrl(value) ? undefined : 'badUrl';
    case 'host':
      return value === '' ? 'required' : undefined;
    case 'port': {
      const n = Number(value);
      return Number.isInteger(n) && n >= 1 && n <= 65_535 ? undefined : 'badNumber';
    }
    case 'from':
      return value === '' ? 'required' : FROM.test(value) ? undefined : 'badEmail';
    case 'to': {
      const list = addressesOf(value);
      if (list.length === 0) return 'required';
      return list.every((a) => EMAIL.test(a)) ? undefined : 'badEmail';
    }
    case 'secret':
    case 'password':
    case 'user':
    case 'security':
    case 'format':
      return undefined;
  }
}

/** Whether any field the kind shows (or the name) is wrong. */
export const channelInvalid = (d: ChannelDraft): boolean =>
  ['name', ...KIND_FIELDS[d.kind]].some(
    (f) => channelProblem(d, f as ChannelField | 'name') !== undefined,
  );

/** The body the form sends: the kind's settings only. */
export function channelBody(
  d: ChannelDraft,
  ids: { id?: number; workspace_id?: number },
): ChannelBody {
  const config: Record<string, unknown> = {};
  for (const field of KIND_FIELDS[d.kind])
    config[field] =
      field === 'port' ? Number(d.port) : field === 'to' ? addressesOf(d.to) : d[field].trim();
  return { ...ids, name: d.name.trim(), kind: d.kind, lang: d.lang, enabled: d.enabled, config };
}

/** The rule form's values, their checks and the body they become. */
import type { EventKind, NotificationRule } from '../../../protocol/notifications.ts';
import type { RuleBody } from './notificationsApi.ts';

export interface RuleDraft {
  name: string;
  event_kind: EventKind;
  enabled: boolean;
  channel_ids: number[];
  /** `0`–`2`: HMS level, or gas crossing level (`1` caution, `2` warning). */
  min_level: string;
  categories: string[];
  /** Percent, 0–100. */
  min_confidence: string;
  gases: string[];
  /** Serial numbers separated by commas or spaces. */
  device_sns: string;
  quiet: boolean;
  quiet_start: string;
  quiet_end: string;
  timezone: string;
  digest: boolean;
  rate_limit_minutes: string;
}

export type RuleField =
  'name' | 'channel_ids' | 'min_confidence' | 'rate_limit_minutes' | 'quiet_end';

/** The browser's zone: quiet hours are meant in the operator's local time. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
}

export const emptyRule = (channelIds: number[] = []): RuleDraft => ({
  name: '',
  event_kind: 'ai_alarm',
  enabled: true,
  channel_ids: channelIds,
  min_level: '0',
  categories: [],
  min_confidence: '0',
  gases: [],
  device_sns: '',
  quiet: false,
  quiet_start: '22:00',
  quiet_end: '07:00',
  timezone: localZone(),
  digest: true,
  rate_limit_minutes: '10',
});

/** The edit form of a rule. */
export function ruleDraftOf(rule: NotificationRule): RuleDraft {
  const f = rule.filter;
  const q = rule.quiet_hours;
  return {
    name: rule.name,
    event_kind: rule.event_kind,
    enabled: rule.enabled,
    channel_ids: rule.channel_ids,
    min_level: String(f.min_level ?? (rule.event_kind === 'gas' ? 1 : 0)),
    categories: f.categories ?? [],
    min_confidence: String(Math.round((f.min_confidence ?? 0) * 100)),
    gases: f.gases ?? [],
    device_sns: (f.device_sns ?? []).join(', '),
    quiet: q !== null,
    quiet_start: q?.start ?? '22:00',
    quiet_end: q?.end ?? '07:00',
    timezone: q?.timezone ?? localZone(),
    digest: q?.digest ?? true,
    rate_limit_minutes: String(rule.rate_limit_minutes),
  };
}

const whole = (text: string, min: number, max: number): boolean => {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
};

/** What is wrong with `field`, or undefined. */
export function ruleProblem(d: RuleDraft, field: RuleField): string | undefined {
  switch (field) {
    case 'name':
      return d.name.trim() === '' ? 'required' : undefined;
    case 'channel_ids':
      return d.channel_ids.length === 0 ? 'pickChannel' : undefined;
    case 'min_confidence':
      return d.event_kind !== 'ai_alarm' || whole(d.min_confidence, 0, 100)
        ? undefined
        : 'badNumber';
    case 'rate_limit_minutes':
      return whole(d.rate_limit_minutes, 0, 1440) ? undefined : 'badNumber';
    case 'quiet_end':
      return d.quiet && d.quiet_start === d.quiet_end ? 'quietSame' : undefined;
  }
}

export const RULE_FIELDS: readonly RuleField[] = [
  'name',
  'channel_ids',
  'min_confidence',
  'rate_limit_minutes',
  'quiet_end',
];

/** The body the form sends: only the filter fields of the rule's event kind. */
export function ruleBody(d: RuleDraft, ids: { id?: number; workspace_id?: number }): RuleBody {
  const devices = d.device_sns
    .split(/[,;\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const filter: RuleBody['filter'] = devices.length > 0 ? { device_sns: devices } : {};
  if (d.event_kind === 'hms' || d.event_kind === 'gas') filter.min_level = Number(d.min_level);
  if (d.event_kind === 'ai_alarm') {
    if (d.categories.length > 0) filter.categories = d.categories;
    filter.min_confidence = Number(d.min_confidence) / 100;
  }
  if (d.event_kind === 'gas' && d.gases.length > 0) filter.gases = d.gases;
  return {
    ...ids,
    name: d.name.trim(),
    event_kind: d.event_kind,
    enabled: d.enabled,
    channel_ids: d.channel_ids,
    filter,
    quiet_hours: d.quiet
      ? { start: d.quiet_start, end: d.quiet_end, timezone: d.timezone, digest: d.digest }
      : null,
    rate_limit_minutes: Number(d.rate_limit_minutes),
  };
}

/** Reads of channels and rules shared by the notifier and the API. */
import type {
  EventKind,
  MessageLang,
  NotificationRule,
  RuleFilter,
} from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';
import type { ChannelTarget } from './channels/send.ts';
import { formatClock } from './quietHours.ts';
import type { GateRule } from './gate.ts';
import type { ResolvedEvent } from './resolveEvent.ts';

/** A channel row with its full settings (never answered as is: see secrets.ts). */
export type ChannelRow = ChannelTarget & {
  id: number;
  workspace_id: number;
  name: string;
  lang: MessageLang;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
};

export interface RuleRow {
  id: number;
  workspace_id: number;
  name: string;
  event_kind: EventKind;
  enabled: boolean;
  filter: RuleFilter;
  quiet_start: number | null;
  quiet_end: number | null;
  quiet_timezone: string;
  quiet_digest: boolean;
  rate_limit_minutes: number;
  channel_ids: number[];
  created_at: Date;
  updated_at: Date;
}

export const CHANNEL_COLUMNS =
  'c.id, c.workspace_id, c.name, c.kind, c.lang, c.enabled, c.config, c.created_at, c.updated_at';

export const RULE_SELECT = `
  select r.id, r.workspace_id, r.name, r.event_kind, r.enabled, r.filter, r.quiet_start, r.quiet_end,
    r.quiet_timezone, r.quiet_digest, r.rate_limit_minutes, r.created_at, r.updated_at,
    coalesce((select array_agg(rc.channel_id order by rc.channel_id)
              from notification_rule_channels rc where rc.rule_id = r.id), '{}') as channel_ids
  from notification_rules r`;

/** A rule as the API answers it. */
export function ruleOf(row: RuleRow): NotificationRule {
  const quiet =
    row.quiet_start === null || row.quiet_end === null
      ? null
      : {
          start: formatClock(row.quiet_start),
          end: formatClock(row.quiet_end),
          timezone: row.quiet_timezone,
          digest: row.quiet_digest,
        };
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    event_kind: row.event_kind,
    enabled: row.enabled,
    filter: row.filter,
    channel_ids: row.channel_ids.map(Number),
    quiet_hours: quiet,
    rate_limit_minutes: row.rate_limit_minutes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What the gate needs of a rule. */
export function gateRuleOf(row: RuleRow): GateRule {
  return {
    id: row.id,
    rateLimitMinutes: row.rate_limit_minutes,
    quiet:
      row.quiet_start === null || row.quiet_end === null
        ? null
        : {
            startMin: row.quiet_start,
            endMin: row.quiet_end,
            timezone: row.quiet_timezone,
            digest: row.quiet_digest,
          },
  };
}

/** The enabled rules for `kind` of the event's project or any workspace above it. */
export function rulesFor(db: Db, kind: EventKind, workspaceIds: readonly number[]) {
  return db.query<RuleRow>(
    `${RULE_SELECT} where r.enabled and r.event_kind = $1 and r.workspace_id = any($2::int[])
     order by r.id`,
    [kind, workspaceIds],
  );
}

/** One rule by id (enabled or not), or undefined. */
export async function ruleById(db: Db, id: number): Promise<RuleRow | undefined> {
  return (await db.query<RuleRow>(`${RULE_SELECT} where r.id = $1`, [id]))[0];
}

/** The enabled channels among `ids` in `workspaceId`. */
export function enabledChannels(db: Db, workspaceId: number, ids: readonly number[]) {
  return db.query<ChannelRow>(
    `select ${CHANNEL_COLUMNS} from notification_channels c
     where c.id = any($1::int[]) and c.workspace_id = $2 and c.enabled order by c.id`,
    [ids, workspaceId],
  );
}

const listed = (list: readonly string[] | undefined, value: string | undefined): boolean =>
  list === undefined || list.length === 0 || (value !== undefined && list.includes(value));

/** Whether the rule's filter lets the event through. */
export function passesFilter(filter: RuleFilter, r: ResolvedEvent): boolean {
  const e = r.event;
  if (!listed(filter.device_sns, e.deviceSn)) return false;
  const minLevel = filter.min_level ?? 0;
  switch (e.kind) {
    case 'hms':
      return e.level >= minLevel;
    case 'ai_alarm':
      return (
        listed(filter.categories, e.category) && (e.confidence ?? 0) >= (filter.min_confidence ?? 0)
      );
    case 'gas':
      return listed(filter.gases, e.gas) && e.level >= minLevel;
    case 'task_failed':
    case 'device_offline':
      return true;
  }
}

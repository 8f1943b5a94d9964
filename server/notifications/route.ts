/**
 * From an event (or a digest) to deliveries: the event is completed from the database, every enabled
 * rule of its project (or a workspace above it) whose filter it passes asks the gate, and what the
 * gate lets through goes to each of the rule's enabled channels, in the channel's language.
 */
import { FAILED_RUN_STATES } from '../../protocol/notifications.ts';
import type { NotificationEvent } from '../../protocol/notifications.ts';
import type { Db } from '../db/Db.ts';
import type { DeliveryRequest } from './deliver.ts';
import { digestMessage, eventMessage } from './format.ts';
import type { Digest, Gate } from './gate.ts';
import { resolveEvent } from './resolveEvent.ts';
import type { ChannelRow } from './store.ts';
import { enabledChannels, gateRuleOf, passesFilter, ruleById, rulesFor } from './store.ts';

/** What routing needs: the database, the clock, the gate and a way to start one delivery. */
export interface RouteContext {
  db: Db;
  now: () => number;
  gate: Gate;
  start: (request: DeliveryRequest) => void;
}

/** Whether the event is worth a rule's attention at all (a successful or canceled run is not). */
function relevant(event: NotificationEvent): boolean {
  return (
    event.kind !== 'task_failed' || (FAILED_RUN_STATES as readonly string[]).includes(event.state)
  );
}

function startAll(
  ctx: RouteContext,
  channels: readonly ChannelRow[],
  build: (channel: ChannelRow) => DeliveryRequest,
): void {
  for (const channel of channels) ctx.start(build(channel));
}

/** Routes one event; see the module comment. */
export async function routeEvent(ctx: RouteContext, raw: NotificationEvent): Promise<void> {
  if (!relevant(raw)) return;
  const resolved = await resolveEvent(ctx.db, raw, ctx.now());
  if (!resolved) return;
  for (const rule of await rulesFor(ctx.db, raw.kind, resolved.workspaceIds)) {
    if (!passesFilter(rule.filter, resolved)) continue;
    const zone = rule.quiet_timezone;
    const summary = {
      zh: eventMessage(resolved, 'zh', zone).title,
      en: eventMessage(resolved, 'en', zone).title,
    };
    const event = { deviceSn: raw.deviceSn, kind: raw.kind, at: resolved.at, summary };
    if (!ctx.gate.admit(gateRuleOf(rule), event)) continue;
    const channels = await enabledChannels(ctx.db, rule.workspace_id, rule.channel_ids);
    startAll(ctx, channels, (channel) => ({
      workspaceId: rule.workspace_id,
      channel,
      ruleId: rule.id,
      kind: 'event',
      eventKind: raw.kind,
      deviceSn: raw.deviceSn,
      message: eventMessage(resolved, channel.lang, zone),
    }));
  }
}

/** Sends a digest through its rule's channels, unless the rule was deleted or disabled meanwhile. */
export async function routeDigest(ctx: RouteContext, digest: Digest): Promise<void> {
  const rule = await ruleById(ctx.db, digest.ruleId);
  if (!rule?.enabled) return;
  const [workspace] = await ctx.db.query<{ name: string }>(
    'select name from workspaces where id = $1',
    [rule.workspace_id],
  );
  const channels = await enabledChannels(ctx.db, rule.workspace_id, rule.channel_ids);
  const input = { ...digest, workspaceId: rule.workspace_id, workspaceName: workspace?.name ?? '' };
  const devices = Object.keys(digest.devices);
  startAll(ctx, channels, (channel) => ({
    workspaceId: rule.workspace_id,
    channel,
    ruleId: rule.id,
    kind: 'digest',
    eventKind: digest.eventKind,
    deviceSn: devices.length === 1 ? (devices[0] ?? '') : '',
    message: digestMessage(input, channel.lang, rule.quiet_timezone),
  }));
}

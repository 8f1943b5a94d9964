/**
 * MQTT topic names of the DJI-style device protocol (see shared/protocol/dji-cloud-api.md §1.1) plus
 * our own `taskInfo`. The serial number in the topic is the device's identity; payload fields never are.
 */

/** Kinds of `thing/product/{sn}/…` topics the console and server use. */
export const THING_KINDS = [
  'osd',
  'state',
  'state_reply',
  'events',
  'events_reply',
  'services',
  'services_reply',
  'requests',
  'requests_reply',
  'property/set',
  'property/set_reply',
  'drc/up',
  'drc/down',
  'taskInfo',
] as const;
export type ThingKind = (typeof THING_KINDS)[number];

/** What the console watches per serial number (spec §7, ARCHITECTURE §3). */
export const WATCHED_KINDS = [
  'osd',
  'state',
  'taskInfo',
  'drc/up',
  'events',
] as const satisfies readonly ThingKind[];
export type WatchedKind = (typeof WATCHED_KINDS)[number];

/** Serial numbers as the SDK matches them in topics. */
export const SN_PATTERN = /^[A-Za-z0-9]+$/;

export const thingTopic = (sn: string, kind: ThingKind): string => `thing/product/${sn}/${kind}`;
export const statusTopic = (gatewaySn: string): string => `sys/product/${gatewaySn}/status`;
export const statusReplyTopic = (gatewaySn: string): string =>
  `sys/product/${gatewaySn}/status_reply`;

export type ParsedTopic =
  | { family: 'thing'; sn: string; kind: ThingKind }
  | { family: 'status'; sn: string; kind: 'status' | 'status_reply' };

const THING_KIND_SET: ReadonlySet<string> = new Set(THING_KINDS);

/** Splits a topic into its serial number and kind; `null` for anything outside the protocol. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length < 4 || parts[1] !== 'product') return null;
  const sn = parts[2] ?? '';
  if (!SN_PATTERN.test(sn)) return null;
  const kind = parts.slice(3).join('/');
  if (parts[0] === 'thing' && THING_KIND_SET.has(kind)) {
    return { family: 'thing', sn, kind: kind as ThingKind };
  }
  if (parts[0] === 'sys' && (kind === 'status' || kind === 'status_reply')) {
    return { family: 'status', sn, kind };
  }
  return null;
}

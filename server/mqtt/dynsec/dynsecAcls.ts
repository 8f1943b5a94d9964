/**
 * Skydeck's topic rules (topicRules.ts) written as Mosquitto dynamic-security roles, for a fleet
 * behind an external Mosquitto. One role per device: what it may send about itself and the children
 * it is the gateway of, and the downlinks it may subscribe to. The server's own role may do anything.
 */
import { statusReplyTopic, statusTopic, thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { ThingKind } from '../../../protocol/mqtt/topics.ts';

export type AclType =
  'publishClientSend' | 'publishClientReceive' | 'subscribePattern' | 'unsubscribePattern';

export interface Acl {
  acltype: AclType;
  topic: string;
  allow: boolean;
  priority?: number;
}

/** Marks the accounts and roles Skydeck manages, so that it never touches anyone else's. */
export const MANAGED_TEXT = 'managed by Skydeck';
export const SERVER_ROLE = 'skydeck-server';
/** Role name of device `sn` (serial numbers are `[A-Za-z0-9]+`, so no two devices share one). */
export const deviceRole = (sn: string): string => `skydeck-device-${sn}`;

/** What a device sends about itself or a child (protocol §1.4). */
const UP_ANY: readonly ThingKind[] = ['osd', 'state', 'events'];
/** What only the gateway itself sends. */
const UP_OWN: readonly ThingKind[] = ['services_reply', 'requests', 'property/set_reply', 'drc/up'];
/** Downlinks a device subscribes to. */
const DOWN: readonly ThingKind[] = [
  'services',
  'events_reply',
  'requests_reply',
  'property/set',
  'drc/down',
  'state_reply',
];

const allow = (acltype: AclType, topic: string): Acl => ({ acltype, topic, allow: true });

/** The ACLs of one child the gateway announced: its telemetry, nothing else. */
export const childAcls = (child: string): Acl[] =>
  UP_ANY.map((kind) => allow('publishClientSend', thingTopic(child, kind)));

/** The ACLs of device `sn` speaking for `children`. */
export function deviceAcls(sn: string, children: readonly string[]): Acl[] {
  return [
    ...[...UP_ANY, ...UP_OWN].map((kind) => allow('publishClientSend', thingTopic(sn, kind))),
    allow('publishClientSend', statusTopic(sn)),
    ...DOWN.map((kind) => allow('subscribePattern', thingTopic(sn, kind))),
    allow('subscribePattern', statusReplyTopic(sn)),
    ...children.flatMap(childAcls),
  ];
}

/** Role of the DRC credentials of dock `sn` (server/drc/drcGrants.ts). */
export const drcRole = (sn: string): string => `skydeck-drc-${sn}`;

/** What the DRC credentials of dock `sn` open: its `drc/up` to send, its `drc/down` to hear. */
export const drcAcls = (sn: string): Acl[] => [
  allow('publishClientSend', thingTopic(sn, 'drc/up')),
  allow('subscribePattern', thingTopic(sn, 'drc/down')),
];

/** The server's own account: ingestion, replies and the simulator's shared connection. */
export const SERVER_ACLS: Acl[] = [
  allow('publishClientSend', '#'),
  allow('subscribePattern', '#'),
  allow('unsubscribePattern', '#'),
];

/**
 * Who may publish or subscribe to which topic: pure rules over a principal and a topic, no I/O.
 * `brokerAuth.ts` loads principals from the database and logs refusals; the embedded broker hooks and
 * the EMQX HTTP endpoints both ask it, so one set of rules holds for every broker.
 */
import { parseTopic } from '../../protocol/mqtt/topics.ts';
import { parseRunTopic } from '../../protocol/tasks.ts';
import type { ParsedTopic } from '../../protocol/mqtt/topics.ts';
import { drcDownRule, drcLinkRule } from '../drc/drcAcl.ts';
import type { Decision } from './aclDecision.ts';

export type { Decision } from './aclDecision.ts';

/** Who is on the other end of a broker connection. `sns` is the set of serial numbers it may touch. */
export type Principal =
  | { kind: 'server'; name: string }
  | {
      kind: 'user';
      name: string;
      userId: number;
      roleId: number;
      workspaceId: number;
      /** The role holds `device:control`: may publish `drc/down` and `services`. */
      canControl: boolean;
      /** The role opens a page that shows telemetry (see `TELEMETRY_PAGES`): may subscribe. */
      canWatch: boolean;
      /** The role opens the task pages: may follow the runs of its own workspace (`runTopic`). */
      canSeeRuns?: boolean;
      sns: ReadonlySet<string>;
    }
  | {
      kind: 'device';
      name: string;
      sn: string;
      /** The project the device is registered in; its children must be registered there too. */
      workspaceId: number;
      sns: ReadonlySet<string>;
    }
  /** A dock's DRC connection, signed in with the credentials of `drc_mode_enter` (server/drc). */
  | { kind: 'drc'; name: string; sn: string; sns: ReadonlySet<string> };

const ALLOW: Decision = { allow: true };
const deny = (reason: string, sn?: string): Decision => ({ allow: false, reason, sn });

/** Topic kinds a device sends (device → cloud). */
const DEVICE_UP = new Set([
  'osd',
  'state',
  'events',
  'services_reply',
  'requests',
  'property/set_reply',
  'drc/up',
  'status',
]);
/** Topic kinds a device receives (cloud → device). */
const DEVICE_DOWN = new Set([
  'services',
  'events_reply',
  'requests_reply',
  'property/set',
  'drc/down',
  'status_reply',
  'state_reply',
]);
/**
 * Kinds only the gateway itself sends (protocol §1.4): its topology and its requests. A dock must not
 * ask the cloud for storage credentials or configuration in its aircraft's name.
 */
const GATEWAY_ONLY = new Set(['requests', 'status']);
/** What a console may send: flight control only, and only with `device:control`. */
const USER_PUBLISH = new Set(['drc/down', 'services']);
/** What a console may watch: everything a device sends plus our `taskInfo`. */
const USER_SUBSCRIBE = new Set([...DEVICE_UP, 'taskInfo']);
/** The topic kinds a console may watch (for relaying them from an external broker). */
export const CONSOLE_WATCHABLE_KINDS: readonly string[] = [...USER_SUBSCRIBE];

function parse(topic: string): ParsedTopic | Decision {
  if (topic.includes('+') || topic.includes('#')) return deny('wildcards are not allowed');
  return parseTopic(topic) ?? deny('not a device topic');
}

function check(
  principal: Principal,
  topic: string,
  kinds: ReadonlySet<string>,
  extra?: (p: Principal) => Decision | null,
): Decision {
  if (principal.kind === 'server') return ALLOW;
  const parsed = parse(topic);
  if ('allow' in parsed) return parsed;
  if (!kinds.has(parsed.kind)) return deny(`kind ${parsed.kind} not allowed`);
  if (!principal.sns.has(parsed.sn)) return deny('device outside this principal', parsed.sn);
  if (principal.kind === 'device' && GATEWAY_ONLY.has(parsed.kind) && parsed.sn !== principal.sn)
    return deny(`only the gateway itself sends ${parsed.kind}`, parsed.sn);
  return extra?.(principal) ?? ALLOW;
}

/** May `principal` publish on `topic`? */
export function mayPublish(principal: Principal, topic: string): Decision {
  switch (principal.kind) {
    case 'server':
      return ALLOW;
    case 'device':
      return check(principal, topic, DEVICE_UP);
    case 'drc':
      return drcLinkRule(principal.sn, 'drc/up', topic);
    case 'user':
      return check(principal, topic, USER_PUBLISH, (p) =>
        p.kind === 'user' && !p.canControl
          ? deny('role lacks device:control')
          : drcDownRule(principal.userId, topic),
      );
  }
}

/** May `principal` subscribe to the filter `topic`? */
export function maySubscribe(principal: Principal, topic: string): Decision {
  switch (principal.kind) {
    case 'server':
      return ALLOW;
    case 'device':
      return check(principal, topic, DEVICE_DOWN);
    case 'drc':
      return drcLinkRule(principal.sn, 'drc/down', topic);
    case 'user': {
      // The server's own run topic: a console of that very workspace, whose role shows tasks.
      const runsOf = parseRunTopic(topic);
      if (runsOf !== null)
        return runsOf === principal.workspaceId && principal.canSeeRuns === true
          ? ALLOW
          : deny('runs of another workspace, or role opens no task page');
      return check(principal, topic, USER_SUBSCRIBE, (p) =>
        p.kind === 'user' && !p.canWatch ? deny('role opens no telemetry page') : null,
      );
    }
  }
}

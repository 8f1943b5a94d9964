/**
 * The publish topics each connection was allowed, so that a device publishing where it published
 * before is answered at once, without a decision.
 */
import type { BrokerSession } from './brokerSession.ts';
import type { Principal } from './topicRules.ts';

/** Distinct topics remembered as allowed per connection; a dock uses about ten. */
const MAX_VERDICTS = 256;

/** The publish topics a connection was allowed, valid while its principal is this object. */
interface Verdicts {
  principal: Principal;
  allowed: Set<string>;
}

export interface PublishVerdicts {
  /** Whether `topic` was allowed for `s` under its current principal (see `remember`). */
  allowedBefore(s: BrokerSession, topic: string): boolean;
  /**
   * Keeps an allowed publish so the next one on the topic is answered without a decision. Only for
   * devices and the server, whose rights follow their principal alone: a reload (device or topology
   * change, sessionWatch.ts) or an announcement replaces the principal object and so voids the
   * verdicts. Console publishes also hang on who holds DRC, and DRC connections on their grant's
   * clock, so those are judged every time; `update_topo` always is (it changes the rights).
   */
  remember(s: BrokerSession, topic: string): void;
}

/** Creates an empty memory of allowed publishes, kept per session and gone with it. */
export function createPublishVerdicts(): PublishVerdicts {
  const verdicts = new WeakMap<BrokerSession, Verdicts>();
  return {
    allowedBefore(s, topic) {
      const v = verdicts.get(s);
      return v !== undefined && v.principal === s.principal && v.allowed.has(topic);
    },
    remember(s, topic) {
      const kind = s.principal.kind;
      if ((kind !== 'device' && kind !== 'server') || topic.startsWith('sys/')) return;
      let v = verdicts.get(s);
      if (v?.principal !== s.principal) {
        v = { principal: s.principal, allowed: new Set() };
        verdicts.set(s, v);
      }
      if (v.allowed.size < MAX_VERDICTS) v.allowed.add(topic);
    },
  };
}

/**
 * What the broker of this process needs to know of the DRC sessions every instance serves, copied
 * from the database (drcStore.ts) once a second: who holds each dock (the `drc/down` rule of
 * drcAcl.ts lets only that user's connections through) and the dock's DRC credentials (a dock may
 * sign in at any instance, e.g. through EMQX's hooks). The instance serving a session writes both at
 * once when it starts and ends it; the copy brings the others along within a second.
 */
import type { Config } from '../config.ts';
import { drcBrokerBlock } from './brokerCredentials.ts';
import { clearDrcHolder, docksHeldFor, drcHolderOf, setDrcHolder } from './drcHolders.ts';
import { addDrcGrant, docksGrantedBy, revokeDrcBroker } from './drcGrants.ts';
import type { DrcGrant } from './drcGrants.ts';
import type { StoredSession } from './drcStore.ts';

/** A session's credentials as a grant of `owner`: derived, so every instance computes the same. */
export function grantOf(
  config: Config,
  secret: string,
  s: Pick<StoredSession, 'dockSn' | 'expiresAt'>,
  owner: object,
): DrcGrant {
  const broker = drcBrokerBlock(config, secret, s.dockSn, s.expiresAt);
  return {
    dockSn: s.dockSn,
    username: broker.username,
    clientId: broker.client_id,
    password: broker.password,
    expiresAt: s.expiresAt,
    owner,
  };
}

export interface MirrorInput {
  /** The sessions flying now (entered and live), from the database. */
  live: readonly StoredSession[];
  /** Docks this service is entering right now: their grants are its own business. */
  entering: ReadonlySet<string>;
  owner: object;
  config: Config;
  secret: string;
  now: number;
}

/**
 * Brings the holder and grant tables in line with `live`; answers the docks that lost their entries
 * here, whose open connections the caller re-checks.
 */
export function mirrorSessions(input: MirrorInput): string[] {
  const { owner, now } = input;
  const liveDocks = new Set(input.live.map((s) => s.dockSn));
  for (const s of input.live) {
    if (drcHolderOf(s.dockSn)?.userId !== s.userId)
      setDrcHolder(s.dockSn, {
        userId: s.userId,
        username: s.username,
        roleId: s.roleId,
        owner,
      });
    addDrcGrant(grantOf(input.config, input.secret, s, owner), now);
  }
  const gone = new Set<string>();
  for (const dockSn of docksHeldFor(owner))
    if (!liveDocks.has(dockSn) && !input.entering.has(dockSn)) {
      clearDrcHolder(dockSn, owner);
      gone.add(dockSn);
    }
  for (const dockSn of docksGrantedBy(owner))
    if (!liveDocks.has(dockSn) && !input.entering.has(dockSn)) {
      revokeDrcBroker(dockSn, owner);
      gone.add(dockSn);
    }
  return [...gone];
}

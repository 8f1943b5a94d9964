/**
 * The state one DRC service shares among its parts (entry, commands, ownership, takeover, the
 * sweep): its options, the sessions this instance serves, its clock and its broker link.
 */
import { randomUUID } from 'node:crypto';
import { DRC_CREDENTIAL_TTL_S, DRC_HSI_HZ, DRC_OSD_HZ } from '../../protocol/drc.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import type { PrincipalEvents } from '../principalEvents.ts';
import { drcBrokerBlock } from './brokerCredentials.ts';
import type { DrcLink } from './drcLink.ts';
import { mirrorSessions } from './drcMirror.ts';
import type { Session } from './drcSession.ts';
import type { StoredSession } from './drcStore.ts';
import { DrcTrafficAudit } from './drcTrafficAudit.ts';

export interface DrcServiceOptions {
  db: Db;
  config: Config;
  events: PrincipalEvents;
  log: Log;
  scheduler: Scheduler;
  /** Signs the dock's DRC broker credentials. */
  secret: string;
  /** Opens the service's broker link on first use. */
  connect: () => Promise<DrcLink>;
  /** Lifetime of the dock's DRC credentials, s (default {@link DRC_CREDENTIAL_TTL_S}). */
  credentialTtlS?: number;
}

export interface DrcContext {
  readonly options: DrcServiceOptions;
  /** The service, as the owner of its entries in the process-wide holder and grant tables. */
  readonly key: object;
  /** This instance in `drc_sessions.owner`. */
  readonly owner: string;
  /** The sessions this instance serves, by dock. */
  readonly owned: Map<string, Session>;
  /** When each dock's heartbeat was last written to the database. */
  readonly noted: Map<string, number>;
  readonly traffic: DrcTrafficAudit;
  /** Hooks the service's listeners onto its link once it is open. */
  readonly hear: (link: DrcLink) => void;
  scheduler: Scheduler;
  /** Lifetime of the credentials of the next entry or renewal, ms. */
  ttlMs: number;
  link: Promise<DrcLink> | null;
  /** Set once the server listens: sessions are taken over only then (the link needs the port). */
  listening: boolean;
  closed: boolean;
}

/** A fresh context for the service `key`. */
export function newDrcContext(
  options: DrcServiceOptions,
  key: object,
  hear: (link: DrcLink) => void,
): DrcContext {
  const owned = new Map<string, Session>();
  const ctx: DrcContext = {
    options,
    key,
    owner: randomUUID(),
    owned,
    noted: new Map(),
    traffic: new DrcTrafficAudit({
      db: options.db,
      log: options.log,
      now: () => ctx.scheduler.now(),
      owned,
    }),
    hear,
    scheduler: options.scheduler,
    ttlMs: (options.credentialTtlS ?? DRC_CREDENTIAL_TTL_S) * 1000,
    link: null,
    listening: false,
    closed: false,
  };
  return ctx;
}

/** Whether this instance still serves `s` itself (not a later session of its dock). */
export const isServed = (ctx: DrcContext, s: Session): boolean => ctx.owned.get(s.dockSn) === s;

/** When credentials handed out at `now` expire: whole seconds, as `expire_time` carries them. */
export const expiryOf = (ctx: DrcContext, now: number): number =>
  Math.floor((now + ctx.ttlMs) / 1000) * 1000;

/** The data of `drc_mode_enter` for `s`: its broker credentials and the push rates. */
export function enterData(ctx: DrcContext, s: Session): object {
  const { config, secret } = ctx.options;
  return {
    mqtt_broker: drcBrokerBlock(config, secret, s.dockSn, s.expiresAt),
    osd_frequency: DRC_OSD_HZ,
    hsi_frequency: DRC_HSI_HZ,
  };
}

/** The broker link, opened on first use; null while it is down. */
export async function connectedLink(ctx: DrcContext): Promise<DrcLink | null> {
  if (!ctx.link) {
    ctx.link = ctx.options.connect();
    ctx.hear(await ctx.link);
  }
  const link = await ctx.link;
  return link.connected() ? link : null;
}

/**
 * Copies `live` into this process's holder and grant tables (drcMirror.ts); answers the docks that
 * lost their entries here.
 */
export function mirror(
  ctx: DrcContext,
  live: readonly StoredSession[],
  entering: ReadonlySet<string>,
): string[] {
  const { config, secret } = ctx.options;
  return mirrorSessions({
    owner: ctx.key,
    config,
    secret,
    now: ctx.scheduler.now(),
    live,
    entering,
  });
}

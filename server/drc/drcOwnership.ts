/**
 * Which sessions this instance serves: starting to serve one (it becomes the dock's holder for the
 * broker, with its credentials), and the ways of stopping — ending it on the dock, forgetting one
 * another instance took, withdrawing an entry that failed, and handing all of them over at shutdown.
 */
import { actorOf } from './drcSession.ts';
import type { Session } from './drcSession.ts';
import type { DrcActor } from './drcAudit.ts';
import { connectedLink, isServed, mirror } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { callAudited } from './drcDockCalls.ts';
import { grantDrcBroker, revokeDrcBroker } from './drcGrants.ts';
import { clearDrcHolder, setDrcHolder } from './drcHolders.ts';
import { grantOf } from './drcMirror.ts';
import { orphanSessions, releaseSession } from './drcStore.ts';

/**
 * Serves a session from now on: makes its holder the dock's holder for the broker and hands out
 * its credentials (a session taken over keeps the ones its dock already has).
 */
export function serve(ctx: DrcContext, s: Session): void {
  const { config, secret } = ctx.options;
  ctx.owned.set(s.dockSn, s);
  setDrcHolder(s.dockSn, { ...s.holder, owner: ctx.key });
  grantDrcBroker(grantOf(config, secret, s, ctx.key));
}

/** Voids the dock's DRC credentials and closes the connections that use them. */
export function revoke(ctx: DrcContext, dockSn: string): void {
  revokeDrcBroker(dockSn, ctx.key);
  ctx.options.events.changed({ kind: 'device', sn: dockSn });
}

/** Takes back an entry that failed before the dock entered DRC, unless a newer one replaced it. */
export async function withdraw(ctx: DrcContext, s: Session): Promise<void> {
  if (!isServed(ctx, s)) return;
  ctx.owned.delete(s.dockSn);
  clearDrcHolder(s.dockSn, ctx.key);
  revoke(ctx, s.dockSn);
  await releaseSession(ctx.options.db, s.dockSn, s.holder.userId);
}

/** Leaves DRC on the dock and forgets the session; the dock's answer does not keep it. */
export async function end(
  ctx: DrcContext,
  s: Session,
  actor: DrcActor,
  why: string,
): Promise<void> {
  if (isServed(ctx, s)) ctx.owned.delete(s.dockSn);
  clearDrcHolder(s.dockSn, ctx.key);
  revoke(ctx, s.dockSn);
  await releaseSession(ctx.options.db, s.dockSn, s.holder.userId);
  await ctx.traffic.flushBursts(s);
  const link = await connectedLink(ctx).catch(() => null);
  await callAudited(ctx, link, {
    actor,
    dockSn: s.dockSn,
    aircraftSn: s.aircraftSn,
    method: 'drc_mode_exit',
    data: {},
    why,
  });
}

/** Ends a session the server itself decided to end, logging failures instead of throwing. */
export function endQuietly(ctx: DrcContext, s: Session, why: string): void {
  end(ctx, s, actorOf(s.holder, ''), why).catch((error: unknown) => {
    ctx.options.log.error(`drc: could not end the session on ${s.dockSn}: ${String(error)}`);
  });
}

/** Stops serving a session another instance ended or took; the dock is left as it is. */
export function forget(ctx: DrcContext, s: Session): void {
  if (!isServed(ctx, s)) return;
  ctx.owned.delete(s.dockSn);
  ctx.traffic.flushBursts(s).catch((error: unknown) => {
    ctx.options.log.error(`drc: stick audit failed: ${String(error)}`);
  });
}

/**
 * Leaves every session to the instances that stay (the database keeps them) and clears this
 * service's entries in the broker's tables.
 */
export async function handOverAll(ctx: DrcContext): Promise<void> {
  await orphanSessions(ctx.options.db, ctx.owner).catch((error: unknown) => {
    ctx.options.log.error(`drc: could not hand the sessions over: ${String(error)}`);
  });
  for (const s of ctx.owned.values()) {
    clearDrcHolder(s.dockSn, ctx.key);
    revokeDrcBroker(s.dockSn, ctx.key);
  }
  mirror(ctx, [], new Set());
  ctx.owned.clear();
}

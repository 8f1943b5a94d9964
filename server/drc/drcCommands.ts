/**
 * The requests any instance answers from the database's record of the dock's session: who holds
 * it, the holder leaving, and the holder's cockpit services.
 */
import type { DrcCommandInput, DrcCommandResult, DrcStatus } from '../../protocol/drc.ts';
import { ApiError } from '../http/ApiError.ts';
import { commandData } from './commandData.ts';
import { auditDrc } from './drcAudit.ts';
import type { DrcActor } from './drcAudit.ts';
import { connectedLink } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { callAudited } from './drcDockCalls.ts';
import { end } from './drcOwnership.ts';
import { aircraftOf } from './drcQueries.ts';
import { actorOf, isFlying, sessionFromRow } from './drcSession.ts';
import type { DrcUser } from './drcSession.ts';
import { readSession } from './drcStore.ts';

/** Who holds `dockSn` now, as the database says. */
export async function status(ctx: DrcContext, dockSn: string): Promise<DrcStatus> {
  const { db } = ctx.options;
  const row = await readSession(db, dockSn);
  const live = row && isFlying(row, ctx.scheduler.now()) ? row : undefined;
  return {
    dock_sn: dockSn,
    aircraft_sn: live?.aircraftSn ?? (await aircraftOf(db, dockSn))?.sn ?? row?.aircraftSn ?? null,
    holder: live ? { user_id: live.userId, username: live.username } : null,
    since: live?.since ?? null,
    expires_at: live?.expiresAt ?? null,
    in_drc: live !== undefined,
  };
}

/** The holder leaves DRC, through any instance; nobody holding it is already the wanted state. */
export async function exit(
  ctx: DrcContext,
  user: DrcUser,
  dockSn: string,
  ip: string,
): Promise<DrcStatus> {
  const row = await readSession(ctx.options.db, dockSn);
  // The holder's own session ends even when it already went quiet; another's only while it flies.
  const own = row?.userId === user.userId && row.entered;
  if (row && (own || isFlying(row, ctx.scheduler.now()))) {
    if (!own)
      return refuseNotHolder(ctx, actorOf(user, ip), 'drc_mode_exit', {
        dockSn,
        aircraftSn: row.aircraftSn,
      });
    const owned = ctx.owned.get(dockSn);
    const s = owned && !owned.pending ? owned : sessionFromRow(row, ctx.scheduler.now());
    await end(ctx, s, actorOf(user, ip), 'by the pilot');
  }
  return status(ctx, dockSn);
}

/** Sends one cockpit service for the holder, through any instance, and reports the answer. */
export async function command(
  ctx: DrcContext,
  user: DrcUser,
  input: DrcCommandInput,
  ip: string,
): Promise<DrcCommandResult> {
  const row = await readSession(ctx.options.db, input.dock_sn);
  const actor = actorOf(user, ip);
  if (!row || !isFlying(row, ctx.scheduler.now()) || row.userId !== user.userId)
    return refuseNotHolder(ctx, actor, input.method, {
      dockSn: input.dock_sn,
      aircraftSn: row?.aircraftSn ?? '',
    });
  const link = await connectedLink(ctx);
  if (!link) throw new ApiError(409, 'drc.link_down');
  const reply = await callAudited(ctx, link, {
    actor,
    dockSn: row.dockSn,
    aircraftSn: row.aircraftSn,
    method: input.method,
    data: commandData(input, row.payloadIndex),
  });
  return { result: reply.result, latency_ms: reply.latencyMs, tid: reply.tid };
}

/** Audits `action` refused to someone who does not hold the dock, and throws the refusal. */
async function refuseNotHolder(
  ctx: DrcContext,
  actor: DrcActor,
  action: string,
  target: { dockSn: string; aircraftSn: string },
): Promise<never> {
  await auditDrc(ctx.options.db, actor, {
    action,
    dockSn: target.dockSn,
    aircraftSn: target.aircraftSn,
    ok: false,
    detail: 'drc.not_holder',
  });
  throw new ApiError(409, 'drc.not_holder');
}

/**
 * Entering DRC: the checks a pilot must pass, the claim in the database (one pilot per dock across
 * every instance), the broker credentials, and the dock's authority grabs and `drc_mode_enter`.
 * Every refusal and every step is audited.
 */
import { DRC_HEARTBEAT_TIMEOUT_S, DRC_HSI_HZ, DRC_OSD_HZ } from '../../protocol/drc.ts';
import type { DrcSession } from '../../protocol/drc.ts';
import { ApiError } from '../http/ApiError.ts';
import { auditDrc } from './drcAudit.ts';
import type { DrcActor } from './drcAudit.ts';
import { connectedLink, expiryOf, isServed } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { sendEnterSteps } from './drcDockCalls.ts';
import { grantDrcBroker } from './drcGrants.ts';
import { setDrcHolder } from './drcHolders.ts';
import { DRC_NO_REPLY } from './drcLink.ts';
import { grantOf } from './drcMirror.ts';
import { withdraw } from './drcOwnership.ts';
import { aircraftOf, dockRow, runningTaskName } from './drcQueries.ts';
import { actorOf, STALE_MS, storedOf } from './drcSession.ts';
import type { DrcUser, Session } from './drcSession.ts';
import { claimSession, isLive, markEntered, readSession } from './drcStore.ts';

/** Audits a refused entry and throws `error`. */
type Refuse = (error: ApiError, aircraftSn?: string) => Promise<never>;

/** What the checks found: the session to claim and whether it carries on an earlier one. */
interface Admitted {
  session: Session;
  /** The same pilot's session this instance already serves, kept if the claim fails. */
  again: Session | undefined;
  /** The database's session is this pilot's, live and entered: the claim continues it. */
  continuing: boolean;
  now: number;
}

const heldBy = (username: string) => new ApiError(409, 'drc.held_by', { username });

/** Takes control of `dockSn` for `user`, or throws a refusal naming the reason. */
export async function enter(
  ctx: DrcContext,
  user: DrcUser,
  dockSn: string,
  ip: string,
): Promise<DrcSession> {
  const actor = actorOf(user, ip);
  const refuse = refusal(ctx, actor, dockSn);
  const { session, again, continuing, now } = await admit(ctx, user, dockSn, refuse);
  // Reserved before the first await on the dock: a second pilot arriving meanwhile is refused.
  ctx.owned.set(dockSn, session);
  const claim = await claimSession(
    ctx.options.db,
    storedOf(session),
    ctx.owner,
    now,
    STALE_MS,
    continuing,
  );
  if (!claim.ok) {
    if (isServed(ctx, session)) {
      if (again) ctx.owned.set(dockSn, again);
      else ctx.owned.delete(dockSn);
    }
    return refuse(heldBy(claim.holder), session.aircraftSn);
  }
  await enterDock(ctx, session, actor, refuse);
  session.pending = false;
  await markEntered(ctx.options.db, dockSn, ctx.owner);
  // The broker lets the holder's sticks through from now on (other instances within a second).
  setDrcHolder(dockSn, { ...user, owner: ctx.key });
  return sessionView(session);
}

function refusal(ctx: DrcContext, actor: DrcActor, dockSn: string): Refuse {
  return async (error, aircraftSn = '') => {
    await auditDrc(ctx.options.db, actor, {
      action: 'drc_mode_enter',
      dockSn,
      aircraftSn,
      ok: false,
      detail: error.key,
    });
    throw error;
  };
}

/** The checks before the claim: nobody else holds the dock, it is online, idle and has a drone. */
async function admit(
  ctx: DrcContext,
  user: DrcUser,
  dockSn: string,
  refuse: Refuse,
): Promise<Admitted> {
  const { db } = ctx.options;
  const mine = ctx.owned.get(dockSn);
  // Another pilot's entry under way here has not reached the database's "entered" yet.
  if (mine && mine.holder.userId !== user.userId) return refuse(heldBy(mine.holder.username));
  const now = ctx.scheduler.now();
  const row = await readSession(db, dockSn);
  const rowLive = row !== undefined && isLive(row, now, STALE_MS);
  if (row && rowLive && row.userId !== user.userId) return refuse(heldBy(row.username));
  const dock = await dockRow(db, dockSn);
  if (!dock?.online) return refuse(new ApiError(409, 'drc.dock_offline'));
  const task = await runningTaskName(db, dockSn);
  if (task !== undefined)
    return refuse(
      new ApiError(409, 'drc.dock_busy', {}, [{ key: 'drc.task_running', params: { task } }]),
    );
  const aircraft = await aircraftOf(db, dockSn);
  if (!aircraft) return refuse(new ApiError(409, 'drc.no_aircraft'));
  // The same pilot entering again (a reloaded tab, perhaps through another instance) keeps flying.
  const again = mine && !mine.pending ? mine : undefined;
  const continuing = row !== undefined && rowLive && row.entered;
  const session: Session = {
    dockSn,
    aircraftSn: aircraft.sn,
    payloadIndex: aircraft.payloadIndex,
    holder: user,
    since: again?.since ?? (continuing ? row.since : now),
    expiresAt: expiryOf(ctx, now),
    lastHeartbeat: now,
    pending: !again,
    issuedAt: now,
    renewingSince: null,
    renewing: false,
  };
  return { session, again, continuing, now };
}

/** Hands out the session's credentials and puts the dock into DRC, or withdraws the entry. */
async function enterDock(
  ctx: DrcContext,
  session: Session,
  actor: DrcActor,
  refuse: Refuse,
): Promise<void> {
  const { config, secret, events } = ctx.options;
  const link = await connectedLink(ctx);
  if (!link) {
    await withdraw(ctx, session);
    return refuse(new ApiError(409, 'drc.link_down'), session.aircraftSn);
  }
  // Valid before the dock hears it, so the dock can connect as soon as it has the message; a new
  // entry voids the credentials of an earlier one.
  grantDrcBroker(grantOf(config, secret, session, ctx.key));
  // An external Mosquitto gets the account now (dynsecSync.ts); on the embedded broker a dock's
  // connection with the credentials of an earlier entry ends (sessionWatch.ts).
  events.changed({ kind: 'device', sn: session.dockSn });
  const result = await sendEnterSteps(ctx, link, session, actor);
  if (result === 0) return;
  await withdraw(ctx, session);
  throw new ApiError(409, result === DRC_NO_REPLY ? 'drc.no_reply' : 'drc.refused', {
    code: result,
  });
}

/** The session as the pilot's console gets it. */
const sessionView = (s: Session): DrcSession => ({
  dock_sn: s.dockSn,
  aircraft_sn: s.aircraftSn,
  holder: { user_id: s.holder.userId, username: s.holder.username },
  since: s.since,
  expires_at: s.expiresAt,
  osd_hz: DRC_OSD_HZ,
  hsi_hz: DRC_HSI_HZ,
  heartbeat_timeout_s: DRC_HEARTBEAT_TIMEOUT_S,
});

/**
 * DRC sessions: one pilot per dock. Entering grabs flight and payload authority and sends
 * `drc_mode_enter`; the session ends on exit, when the holder's heartbeats on `drc/down` stop, when
 * the credentials expire without renewal, or when the holder loses the permission. Every step is
 * audited (drcAudit.ts).
 *
 * The database (drcStore.ts) is the one record of who holds a dock, shared by every instance: status,
 * the one-pilot rule, exit and commands read it, so they work on any instance. The instance that
 * granted a session serves it: it watches the heartbeats (its own and those other instances heard and
 * noted in the database), renews the dock's credentials before they expire, and audits sticks and
 * e-stops. Each instance copies the live sessions into its broker's holder and credential tables
 * (drcMirror.ts). A session whose instance stopped is taken over by another one.
 *
 * The broker credentials of `drc_mode_enter` work from just before it is sent until the session ends
 * (drcGrants.ts); ending it announces a change of the dock so the broker closes the dock's DRC
 * connection at once (sessionWatch.ts) instead of at the dock's next message.
 */
import { randomUUID } from 'node:crypto';
import {
  DRC_CREDENTIAL_TTL_S,
  DRC_HEARTBEAT_TIMEOUT_S,
  DRC_HSI_HZ,
  DRC_OSD_HZ,
  DRC_PERMISSION,
} from '../../protocol/drc.ts';
import type {
  DrcCommandInput,
  DrcCommandResult,
  DrcSession,
  DrcStatus,
} from '../../protocol/drc.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/Db.ts';
import { ApiError } from '../http/ApiError.ts';
import type { Log } from '../mqtt/log.ts';
import type { Scheduler } from '../mqtt/scheduler.ts';
import type { PrincipalChange, PrincipalEvents } from '../principalEvents.ts';
import { drcBrokerBlock } from './brokerCredentials.ts';
import { auditDrc, callDetail } from './drcAudit.ts';
import type { DrcActor } from './drcAudit.ts';
import { clearDrcHolder, drcHolderOf, setDrcHolder } from './drcHolders.ts';
import { addDrcGrant, grantDrcBroker, revokeDrcBroker } from './drcGrants.ts';
import { DRC_NO_REPLY } from './drcLink.ts';
import type { DrcLink, DrcMessage } from './drcLink.ts';
import { grantOf, mirrorSessions } from './drcMirror.ts';
import { aircraftOf, dockRow, runningTaskName, stillMay } from './drcQueries.ts';
import {
  adoptSessions,
  claimSession,
  isLive,
  markEntered,
  noteHeartbeat,
  orphanSessions,
  readSession,
  readSessions,
  releaseSession,
  renewSession,
  touchOwner,
} from './drcStore.ts';
import type { SessionRow, StoredSession } from './drcStore.ts';
import { commandData } from './commandData.ts';
import { EstopReplies, estopDetail } from './estopReplies.ts';
import type { AnsweredEstop } from './estopReplies.ts';
import { burstDetail, StickBursts } from './stickBursts.ts';

/** A pause in sticks longer than this ends a control burst (one audit row), ms. */
const BURST_GAP_MS = 2_000;
/** How often heartbeats, expiry, renewal and finished bursts are checked, ms. */
const SWEEP_MS = 1_000;
/**
 * How often this instance says it is alive, takes over sessions of silent instances and re-checks
 * its holders' permission (a change made on another instance is not announced here), ms.
 */
const HOUSEKEEPING_MS = 5_000;
/** A heard heartbeat is written to the database at most this often per dock, ms. */
const NOTE_MS = 5_000;
/** How long a session taken over waits for its dock to come online, ms. */
const RESUME_WAIT_MS = 30_000;
const RESUME_POLL_MS = 500;
/** How long the dock has to answer an e-stop before it is audited as unanswered, ms. */
const ESTOP_REPLY_MS = 10_000;
/** Renewal starts when this share of the credentials' lifetime is left, and is retried until expiry. */
const RENEW_WHEN_LEFT = 0.25;
const RENEW_RETRY_MS = 5_000;
const STALE_MS = DRC_HEARTBEAT_TIMEOUT_S * 1000;

export interface DrcUser {
  userId: number;
  username: string;
  roleId: number;
}

/** A session this instance serves. */
interface Session {
  dockSn: string;
  aircraftSn: string;
  payloadIndex: string;
  holder: DrcUser;
  since: number;
  expiresAt: number;
  lastHeartbeat: number;
  /** Still being granted: counts as held, but the dock is not in DRC yet. */
  pending: boolean;
  /** When the current credentials were handed out (renewal is due by their lifetime). */
  issuedAt: number;
  /** When the last renewal attempt started; null once the current credentials are fresh. */
  renewingSince: number | null;
  /** A renewal is waiting for the dock's answer. */
  renewing: boolean;
}

const stored = (s: Session): StoredSession => ({
  dockSn: s.dockSn,
  aircraftSn: s.aircraftSn,
  payloadIndex: s.payloadIndex,
  userId: s.holder.userId,
  username: s.holder.username,
  roleId: s.holder.roleId,
  since: s.since,
  expiresAt: s.expiresAt,
  lastHeartbeat: s.lastHeartbeat,
});

const fromRow = (row: StoredSession, now: number): Session => ({
  dockSn: row.dockSn,
  aircraftSn: row.aircraftSn,
  payloadIndex: row.payloadIndex,
  holder: { userId: row.userId, username: row.username, roleId: row.roleId },
  since: row.since,
  expiresAt: row.expiresAt,
  lastHeartbeat: Math.max(row.lastHeartbeat, now),
  pending: false,
  issuedAt: now,
  renewingSince: null,
  renewing: false,
});

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

const actorOf = (user: DrcUser, ip: string): DrcActor => ({
  userId: user.userId,
  username: user.username,
  ip,
});

/** The DRC sessions of one app. */
export class DrcService {
  /** The sessions this instance serves. */
  readonly #owned = new Map<string, Session>();
  readonly #bursts = new StickBursts(BURST_GAP_MS);
  readonly #estops = new EstopReplies();
  /** When each dock's heartbeat was last written to the database. */
  readonly #noted = new Map<string, number>();
  /** This instance in `drc_sessions.owner`. */
  readonly #owner = randomUUID();
  #link: Promise<DrcLink> | null = null;
  #stopSweep: () => void;
  readonly #stopEvents: () => void;
  #scheduler: Scheduler;
  #ttlMs: number;
  /** Set once the server listens: sessions are taken over only then (the link needs the port). */
  #listening = false;
  #sweeping = false;
  #sweepAgain = false;
  #housekeptAt = 0;
  #closed = false;

  constructor(private readonly options: DrcServiceOptions) {
    this.#scheduler = options.scheduler;
    this.#ttlMs = (options.credentialTtlS ?? DRC_CREDENTIAL_TTL_S) * 1000;
    this.#stopSweep = this.#scheduler.every(SWEEP_MS, () => this.#requestSweep());
    this.#stopEvents = options.events.onChange((change) => this.#changed(change));
  }

  /** Runs heartbeat and expiry checks on `scheduler` from now on (tests use virtual time). */
  useScheduler(scheduler: Scheduler): void {
    this.#stopSweep();
    this.#scheduler = scheduler;
    this.#stopSweep = scheduler.every(SWEEP_MS, () => this.#requestSweep());
  }

  /** Hands out credentials valid for `seconds` from the next entry or renewal on (tests). */
  useCredentialTtl(seconds: number): void {
    this.#ttlMs = seconds * 1000;
  }

  /** Who holds `dockSn` now, as the database says. */
  async status(dockSn: string): Promise<DrcStatus> {
    const row = await readSession(this.options.db, dockSn);
    const live = row && this.#flying(row) ? row : undefined;
    return {
      dock_sn: dockSn,
      aircraft_sn:
        live?.aircraftSn ??
        (await aircraftOf(this.options.db, dockSn))?.sn ??
        row?.aircraftSn ??
        null,
      holder: live ? { user_id: live.userId, username: live.username } : null,
      since: live?.since ?? null,
      expires_at: live?.expiresAt ?? null,
      in_drc: live !== undefined,
    };
  }

  /** Takes control of `dockSn` for `user`, or throws a refusal naming the reason. */
  async enter(user: DrcUser, dockSn: string, ip: string): Promise<DrcSession> {
    const { db } = this.options;
    const actor = actorOf(user, ip);
    const refuse = async (error: ApiError, aircraftSn = ''): Promise<never> => {
      await auditDrc(db, actor, {
        action: 'drc_mode_enter',
        dockSn,
        aircraftSn,
        ok: false,
        detail: error.key,
      });
      throw error;
    };
    const mine = this.#owned.get(dockSn);
    // Another pilot's entry under way here has not reached the database's "entered" yet.
    if (mine && mine.holder.userId !== user.userId)
      return refuse(new ApiError(409, 'drc.held_by', { username: mine.holder.username }));
    const now = this.#scheduler.now();
    const row = await readSession(db, dockSn);
    const rowLive = row !== undefined && isLive(row, now, STALE_MS);
    if (row && rowLive && row.userId !== user.userId)
      return refuse(new ApiError(409, 'drc.held_by', { username: row.username }));
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
      expiresAt: this.#expiry(now),
      lastHeartbeat: now,
      pending: !again,
      issuedAt: now,
      renewingSince: null,
      renewing: false,
    };
    // Reserved before the first await on the dock: a second pilot arriving meanwhile is refused.
    this.#owned.set(dockSn, session);
    const undo = async (): Promise<void> => {
      if (this.#owned.get(dockSn) !== session) return;
      this.#owned.delete(dockSn);
      clearDrcHolder(dockSn, this);
      this.#revoke(dockSn);
      await releaseSession(db, dockSn, user.userId);
    };
    const claim = await claimSession(db, stored(session), this.#owner, now, STALE_MS, continuing);
    if (!claim.ok) {
      if (this.#owned.get(dockSn) === session) {
        if (again) this.#owned.set(dockSn, again);
        else this.#owned.delete(dockSn);
      }
      return refuse(new ApiError(409, 'drc.held_by', { username: claim.holder }), aircraft.sn);
    }
    const link = await this.#connected();
    if (!link) {
      await undo();
      return refuse(new ApiError(409, 'drc.link_down'), aircraft.sn);
    }
    // Valid before the dock hears it, so the dock can connect as soon as it has the message; a new
    // entry voids the credentials of an earlier one.
    const grant = grantOf(this.options.config, this.options.secret, session, this);
    grantDrcBroker(grant);
    // An external Mosquitto gets the account now (dynsecSync.ts); on the embedded broker a dock's
    // connection with the credentials of an earlier entry ends (sessionWatch.ts).
    this.options.events.changed({ kind: 'device', sn: dockSn });
    const steps: [string, object][] = [
      ['flight_authority_grab', {}],
      ['payload_authority_grab', { payload_index: aircraft.payloadIndex }],
      ['drc_mode_enter', this.#enterData(session)],
    ];
    for (const [method, data] of steps) {
      const reply = await link.call(dockSn, method, data);
      const ok = reply.result === 0;
      await auditDrc(db, actor, {
        action: method,
        dockSn,
        aircraftSn: aircraft.sn,
        ok,
        detail: callDetail(reply.tid, reply.result, reply.latencyMs),
      });
      if (!ok) {
        await undo();
        throw new ApiError(409, reply.result === DRC_NO_REPLY ? 'drc.no_reply' : 'drc.refused', {
          code: reply.result,
        });
      }
    }
    session.pending = false;
    await markEntered(db, dockSn, this.#owner);
    // The broker lets the holder's sticks through from now on (other instances within a second).
    setDrcHolder(dockSn, { ...user, owner: this });
    return {
      dock_sn: dockSn,
      aircraft_sn: aircraft.sn,
      holder: { user_id: user.userId, username: user.username },
      since: session.since,
      expires_at: session.expiresAt,
      osd_hz: DRC_OSD_HZ,
      hsi_hz: DRC_HSI_HZ,
      heartbeat_timeout_s: DRC_HEARTBEAT_TIMEOUT_S,
    };
  }

  /** The holder leaves DRC, through any instance; nobody holding it is already the wanted state. */
  async exit(user: DrcUser, dockSn: string, ip: string): Promise<DrcStatus> {
    const row = await readSession(this.options.db, dockSn);
    // The holder's own session ends even when it already went quiet; another's only while it flies.
    const own = row?.userId === user.userId && row.entered;
    if (row && (own || this.#flying(row))) {
      if (!own) {
        await auditDrc(this.options.db, actorOf(user, ip), {
          action: 'drc_mode_exit',
          dockSn,
          aircraftSn: row.aircraftSn,
          ok: false,
          detail: 'drc.not_holder',
        });
        throw new ApiError(409, 'drc.not_holder');
      }
      const owned = this.#owned.get(dockSn);
      const s = owned && !owned.pending ? owned : fromRow(row, this.#scheduler.now());
      await this.#end(s, actorOf(user, ip), 'by the pilot');
    }
    return this.status(dockSn);
  }

  /** Sends one cockpit service for the holder, through any instance, and reports the answer. */
  async command(user: DrcUser, input: DrcCommandInput, ip: string): Promise<DrcCommandResult> {
    const row = await readSession(this.options.db, input.dock_sn);
    const actor = actorOf(user, ip);
    if (!row || !this.#flying(row) || row.userId !== user.userId) {
      await auditDrc(this.options.db, actor, {
        action: input.method,
        dockSn: input.dock_sn,
        aircraftSn: row?.aircraftSn ?? '',
        ok: false,
        detail: 'drc.not_holder',
      });
      throw new ApiError(409, 'drc.not_holder');
    }
    const link = await this.#connected();
    if (!link) throw new ApiError(409, 'drc.link_down');
    const reply = await link.call(row.dockSn, input.method, commandData(input, row.payloadIndex));
    await auditDrc(this.options.db, actor, {
      action: input.method,
      dockSn: row.dockSn,
      aircraftSn: row.aircraftSn,
      ok: reply.result === 0,
      detail: callDetail(reply.tid, reply.result, reply.latencyMs),
    });
    return { result: reply.result, latency_ms: reply.latencyMs, tid: reply.tid };
  }

  /**
   * Takes back the sessions no running instance serves (this server restarted, or the instance that
   * served them died): the holder keeps the drone, and the dock hears `drc_mode_enter` again with
   * the same credentials once it is online. Call when the server listens (the link needs it); from
   * then on silent instances' sessions are taken over as they go quiet.
   */
  async restore(): Promise<void> {
    this.#listening = true;
    await this.#adopt('resumed after restart');
  }

  /** Ends every session and the broker link; the database keeps them for the next start. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stopSweep();
    this.#stopEvents();
    await orphanSessions(this.options.db, this.#owner).catch((error: unknown) => {
      this.options.log.error(`drc: could not hand the sessions over: ${String(error)}`);
    });
    for (const s of this.#owned.values()) {
      clearDrcHolder(s.dockSn, this);
      revokeDrcBroker(s.dockSn, this);
    }
    mirrorSessions({ ...this.#mirrorBase(), live: [], entering: new Set() });
    this.#owned.clear();
    const link = this.#link;
    this.#link = null;
    if (link) await (await link).close();
  }

  /** Whether `row` is a session flying now: entered, unexpired, and its pilot heard lately. */
  #flying(row: SessionRow): boolean {
    return row.entered && isLive(row, this.#scheduler.now(), STALE_MS);
  }

  /** When credentials handed out at `now` expire: whole seconds, as `expire_time` carries them. */
  #expiry(now: number): number {
    return Math.floor((now + this.#ttlMs) / 1000) * 1000;
  }

  #enterData(s: Session): object {
    return {
      mqtt_broker: drcBrokerBlock(this.options.config, this.options.secret, s.dockSn, s.expiresAt),
      osd_frequency: DRC_OSD_HZ,
      hsi_frequency: DRC_HSI_HZ,
    };
  }

  #mirrorBase() {
    return {
      owner: this,
      config: this.options.config,
      secret: this.options.secret,
      now: this.#scheduler.now(),
    };
  }

  async #connected(): Promise<DrcLink | null> {
    if (!this.#link) {
      this.#link = this.options.connect();
      const link = await this.#link;
      link.onDown((sn, msg) => this.#down(sn, msg));
      link.onUp('drone_emergency_stop', (sn, msg) => this.#estopReply(sn, msg));
    }
    const link = await this.#link;
    return link.connected() ? link : null;
  }

  /** Leaves DRC on the dock and forgets the session; the dock's answer does not keep it. */
  async #end(s: Session, actor: DrcActor, why: string): Promise<void> {
    if (this.#owned.get(s.dockSn) === s) this.#owned.delete(s.dockSn);
    clearDrcHolder(s.dockSn, this);
    this.#revoke(s.dockSn);
    await releaseSession(this.options.db, s.dockSn, s.holder.userId);
    await this.#flushBursts(s);
    const link = await this.#connected().catch(() => null);
    const reply = link
      ? await link.call(s.dockSn, 'drc_mode_exit', {})
      : { result: DRC_NO_REPLY, latencyMs: 0, tid: '' };
    await auditDrc(this.options.db, actor, {
      action: 'drc_mode_exit',
      dockSn: s.dockSn,
      aircraftSn: s.aircraftSn,
      ok: reply.result === 0,
      detail: `${why}; ${callDetail(reply.tid, reply.result, reply.latencyMs)}`,
    });
  }

  /**
   * Serves a session from now on: makes its holder the dock's holder for the broker and hands out
   * its credentials (a session taken over keeps the ones its dock already has).
   */
  #serve(s: Session): void {
    this.#owned.set(s.dockSn, s);
    setDrcHolder(s.dockSn, { ...s.holder, owner: this });
    grantDrcBroker(grantOf(this.options.config, this.options.secret, s, this));
  }

  /** Takes over the sessions nobody serves; `why` heads their audit rows. */
  async #adopt(why: string): Promise<void> {
    const now = this.#scheduler.now();
    for (const row of await adoptSessions(this.options.db, this.#owner, now, STALE_MS)) {
      if (this.#owned.has(row.dockSn)) continue;
      // The pilot's tab reconnects and resumes heartbeats; it gets the usual time to do so.
      const s = fromRow(row, now);
      this.#serve(s);
      this.#resume(s, why).catch((error: unknown) => {
        this.options.log.error(`drc: could not resume ${s.dockSn}: ${String(error)}`);
      });
    }
  }

  /**
   * Puts the dock of a session taken over into DRC again, or ends the session. The database may
   * still call the dock online from before a restart, and a dock that has not reconnected yet does
   * not answer: unanswered attempts are repeated until {@link RESUME_WAIT_MS}.
   */
  async #resume(s: Session, why: string): Promise<void> {
    const deadline = Date.now() + RESUME_WAIT_MS;
    const current = () => this.#owned.get(s.dockSn) === s;
    while (current() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, RESUME_POLL_MS));
      const dock = await dockRow(this.options.db, s.dockSn);
      const link = dock?.online && current() ? await this.#connected() : null;
      if (!link) continue;
      const result = await this.#reenter(link, s, why);
      if (result === 0) return;
      if (result !== DRC_NO_REPLY) return this.#endQuietly(s, `not ${why}`);
    }
    if (current()) this.#endQuietly(s, `not ${why}: the dock did not answer`);
  }

  /** Grabs authority and sends `drc_mode_enter` again with the session's credentials. */
  async #reenter(link: DrcLink, s: Session, why: string): Promise<number> {
    const steps: [string, object][] = [
      ['flight_authority_grab', {}],
      ['payload_authority_grab', { payload_index: s.payloadIndex }],
      ['drc_mode_enter', this.#enterData(s)],
    ];
    for (const [method, data] of steps) {
      const reply = await link.call(s.dockSn, method, data);
      await auditDrc(this.options.db, actorOf(s.holder, ''), {
        action: method,
        dockSn: s.dockSn,
        aircraftSn: s.aircraftSn,
        ok: reply.result === 0,
        detail: `${why}; ${callDetail(reply.tid, reply.result, reply.latencyMs)}`,
      });
      if (reply.result !== 0) return reply.result;
    }
    return 0;
  }

  /**
   * Hands the dock new credentials before the current ones expire: a fresh `drc_mode_enter` (the
   * protocol has no other way to extend them), while the current credentials keep working until
   * their own expiry, so the dock's DRC link and the pilot's control go on without a gap.
   */
  async #renew(s: Session): Promise<void> {
    const now = this.#scheduler.now();
    s.renewingSince = now;
    s.renewing = true;
    try {
      await this.#sendRenewal(s, now);
    } finally {
      s.renewing = false;
    }
  }

  async #sendRenewal(s: Session, now: number): Promise<void> {
    const link = await this.#connected();
    if (!link || this.#owned.get(s.dockSn) !== s) return;
    const next: Session = { ...s, expiresAt: this.#expiry(now) };
    addDrcGrant(grantOf(this.options.config, this.options.secret, next, this), now);
    // A managed Mosquitto takes the new password (dynsecSync.ts); open connections stay.
    this.options.events.changed({ kind: 'device', sn: s.dockSn });
    const reply = await link.call(s.dockSn, 'drc_mode_enter', this.#enterData(next));
    await auditDrc(this.options.db, actorOf(s.holder, ''), {
      action: 'drc_mode_enter',
      dockSn: s.dockSn,
      aircraftSn: s.aircraftSn,
      ok: reply.result === 0,
      detail: `credentials renewed; ${callDetail(reply.tid, reply.result, reply.latencyMs)}`,
    });
    if (reply.result !== 0 || this.#owned.get(s.dockSn) !== s) return;
    if (!(await renewSession(this.options.db, s.dockSn, this.#owner, next.expiresAt))) return;
    s.expiresAt = next.expiresAt;
    s.issuedAt = now;
    s.renewingSince = null;
  }

  /** Voids the dock's DRC credentials and closes the connections that use them. */
  #revoke(dockSn: string): void {
    revokeDrcBroker(dockSn, this);
    this.options.events.changed({ kind: 'device', sn: dockSn });
  }

  /** Stops serving a session another instance ended or took; the dock is left as it is. */
  #forget(s: Session): void {
    if (this.#owned.get(s.dockSn) !== s) return;
    this.#owned.delete(s.dockSn);
    this.#flushBursts(s).catch((error: unknown) => {
      this.options.log.error(`drc: stick audit failed: ${String(error)}`);
    });
  }

  /** Ends a session the server itself decided to end, logging failures instead of throwing. */
  #endQuietly(s: Session, why: string): void {
    this.#end(s, actorOf(s.holder, ''), why).catch((error: unknown) => {
      this.options.log.error(`drc: could not end the session on ${s.dockSn}: ${String(error)}`);
    });
  }

  #down(dockSn: string, msg: DrcMessage): void {
    const now = this.#scheduler.now();
    const s = this.#owned.get(dockSn);
    if (msg.method === 'heart_beat') {
      // The broker let it through, so it is the holder's: noted wherever the session is served.
      if (s && !s.pending) s.lastHeartbeat = now;
      if (!drcHolderOf(dockSn) || now - (this.#noted.get(dockSn) ?? -Infinity) < NOTE_MS) return;
      this.#noted.set(dockSn, now);
      noteHeartbeat(this.options.db, dockSn, now).catch((error: unknown) => {
        this.options.log.error(`drc: could not note the heartbeat: ${String(error)}`);
      });
      return;
    }
    // Sticks and e-stops are audited once, by the instance serving the session.
    if (!s || s.pending) return;
    if (msg.method === 'stick_control') {
      const d = msg.data;
      const sticks = [d.roll, d.pitch, d.throttle, d.yaw].filter((v) => typeof v === 'number');
      this.#bursts.add(dockSn, msg.seq, sticks, now);
    } else if (msg.method === 'drone_emergency_stop') {
      this.#estops.sent({ dockSn, seq: msg.seq, sentAt: Date.now(), dueAt: now + ESTOP_REPLY_MS });
    } else {
      // Landings are rare and costly: one row each.
      this.#auditQuietly(s, msg.method, true, `seq=${String(msg.seq)}`);
    }
  }

  /** The dock answered an e-stop on `drc/up`. */
  #estopReply(dockSn: string, msg: DrcMessage): void {
    const result = typeof msg.data.result === 'number' ? msg.data.result : DRC_NO_REPLY;
    const answered = this.#estops.replied(dockSn, msg.seq, result, Date.now());
    if (answered) this.#auditEstop(answered);
  }

  #auditEstop(e: AnsweredEstop): void {
    const s = this.#owned.get(e.dockSn);
    if (s) this.#auditQuietly(s, 'drone_emergency_stop', e.result === 0, estopDetail(e));
  }

  #auditQuietly(s: Session, action: string, ok: boolean, detail: string): void {
    auditDrc(this.options.db, actorOf(s.holder, ''), {
      action,
      dockSn: s.dockSn,
      aircraftSn: s.aircraftSn,
      ok,
      detail,
    }).catch((error: unknown) => {
      this.options.log.error(`drc: audit of ${action} failed: ${String(error)}`);
    });
  }

  /** Audits the bursts that ended; `ended`: also all of that session's, which is already gone. */
  async #flushBursts(ended?: Session): Promise<void> {
    for (const burst of this.#bursts.take(this.#scheduler.now(), ended?.dockSn)) {
      const s = this.#owned.get(burst.dockSn) ?? ended;
      await auditDrc(
        this.options.db,
        { userId: s?.holder.userId ?? null, username: s?.holder.username ?? '', ip: '' },
        {
          action: 'stick_control',
          dockSn: burst.dockSn,
          aircraftSn: s?.aircraftSn ?? '',
          ok: true,
          detail: burstDetail(burst),
        },
      );
    }
  }

  /** One sweep at a time; a tick that arrives meanwhile runs once more right after it. */
  #requestSweep(): void {
    if (this.#closed) return;
    if (this.#sweeping) {
      this.#sweepAgain = true;
      return;
    }
    this.#sweeping = true;
    this.#sweep()
      .catch((error: unknown) => {
        this.options.log.error(`drc: sweep failed: ${String(error)}`);
      })
      .finally(() => {
        this.#sweeping = false;
        if (this.#sweepAgain) {
          this.#sweepAgain = false;
          this.#requestSweep();
        }
      });
  }

  async #sweep(): Promise<void> {
    const now = this.#scheduler.now();
    const rows = new Map((await readSessions(this.options.db)).map((r) => [r.dockSn, r]));
    for (const s of [...this.#owned.values()]) {
      if (s.pending) continue;
      const row = rows.get(s.dockSn);
      // Ended through another instance, or taken over by one (the same pilot entering there).
      if (row?.owner !== this.#owner) {
        this.#forget(s);
        continue;
      }
      s.lastHeartbeat = Math.max(s.lastHeartbeat, row.lastHeartbeat);
      if (now - s.lastHeartbeat > STALE_MS) this.#endQuietly(s, 'heartbeat lost');
      else if (now >= s.expiresAt) this.#endQuietly(s, 'credentials expired');
      else if (this.#renewalDue(s, now))
        this.#renew(s).catch((error: unknown) => {
          this.options.log.error(`drc: renewal on ${s.dockSn} failed: ${String(error)}`);
        });
    }
    const live = [...rows.values()].filter((r) => r.entered && isLive(r, now, STALE_MS));
    const entering = new Set(
      [...this.#owned.values()].filter((s) => s.pending).map((s) => s.dockSn),
    );
    for (const dockSn of mirrorSessions({ ...this.#mirrorBase(), live, entering }))
      this.options.events.changed({ kind: 'device', sn: dockSn });
    for (const e of this.#estops.overdue(now, Date.now())) this.#auditEstop(e);
    await this.#flushBursts();
    if (now - this.#housekeptAt >= HOUSEKEEPING_MS) {
      this.#housekeptAt = now;
      await this.#housekeeping(now);
    }
  }

  #renewalDue(s: Session, now: number): boolean {
    const lifetime = s.expiresAt - s.issuedAt;
    if (s.renewing || now < s.expiresAt - lifetime * RENEW_WHEN_LEFT) return false;
    return s.renewingSince === null || now - s.renewingSince >= RENEW_RETRY_MS;
  }

  async #housekeeping(now: number): Promise<void> {
    await touchOwner(this.options.db, this.#owner, now);
    if (this.#listening) await this.#adopt('taken over from a silent instance');
    for (const s of [...this.#owned.values()]) if (!s.pending) this.#recheck(s);
  }

  /** A holder whose account or role changed keeps the drone only while still allowed to fly. */
  #changed(change: PrincipalChange): void {
    for (const s of [...this.#owned.values()]) {
      const concerned =
        (change.kind === 'user' && change.userId === s.holder.userId) ||
        (change.kind === 'role' && change.roleId === s.holder.roleId);
      if (concerned && !s.pending) this.#recheck(s);
    }
  }

  #recheck(s: Session): void {
    stillMay(this.options.db, s.holder.userId, DRC_PERMISSION)
      .then((may) => {
        if (!may && this.#owned.get(s.dockSn) === s) this.#endQuietly(s, 'permission lost');
      })
      .catch((error: unknown) => {
        this.options.log.error(`drc: permission re-check failed: ${String(error)}`);
      });
  }
}

/**
 * DRC sessions: one pilot per dock. Entering grabs flight and payload authority and sends
 * `drc_mode_enter`; the holder is recorded for the broker's `drc/down` rule (drcHolders.ts). The
 * session ends on exit, when the holder's heartbeats on `drc/down` stop, when the credentials
 * expire, or when the holder loses the permission. Every step is audited (drcAudit.ts).
 */
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
import { clearDrcHolder, setDrcHolder } from './drcHolders.ts';
import { DRC_NO_REPLY } from './drcLink.ts';
import type { DownMessage, DrcLink } from './drcLink.ts';
import { aircraftOf, dockRow, runningTaskName, stillMay } from './drcQueries.ts';
import { commandData } from './commandData.ts';
import { burstDetail, StickBursts } from './stickBursts.ts';

/** A pause in sticks longer than this ends a control burst (one audit row), ms. */
const BURST_GAP_MS = 2_000;
/** How often heartbeats, expiry and finished bursts are checked, ms. */
const SWEEP_MS = 1_000;

export interface DrcUser {
  userId: number;
  username: string;
  roleId: number;
}

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
}

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
}

const actorOf = (user: DrcUser, ip: string): DrcActor => ({
  userId: user.userId,
  username: user.username,
  ip,
});

/** The DRC sessions of one app. */
export class DrcService {
  readonly #sessions = new Map<string, Session>();
  readonly #bursts = new StickBursts(BURST_GAP_MS);
  #link: Promise<DrcLink> | null = null;
  #stopSweep: () => void;
  readonly #stopEvents: () => void;
  #scheduler: Scheduler;

  constructor(private readonly options: DrcServiceOptions) {
    this.#scheduler = options.scheduler;
    this.#stopSweep = this.#scheduler.every(SWEEP_MS, () => this.#sweep());
    this.#stopEvents = options.events.onChange((change) => this.#changed(change));
  }

  /** Runs heartbeat and expiry checks on `scheduler` from now on (tests use virtual time). */
  useScheduler(scheduler: Scheduler): void {
    this.#stopSweep();
    this.#scheduler = scheduler;
    this.#stopSweep = scheduler.every(SWEEP_MS, () => this.#sweep());
  }

  /** Who holds `dockSn` now. */
  async status(dockSn: string): Promise<DrcStatus> {
    const s = this.#sessions.get(dockSn);
    const live = s && !s.pending ? s : undefined;
    return {
      dock_sn: dockSn,
      aircraft_sn: s?.aircraftSn ?? (await aircraftOf(this.options.db, dockSn))?.sn ?? null,
      holder: live ? { user_id: live.holder.userId, username: live.holder.username } : null,
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
    const held = this.#sessions.get(dockSn);
    if (held && held.holder.userId !== user.userId)
      return refuse(new ApiError(409, 'drc.held_by', { username: held.holder.username }));
    const dock = await dockRow(db, dockSn);
    if (!dock?.online) return refuse(new ApiError(409, 'drc.dock_offline'));
    const task = await runningTaskName(db, dockSn);
    if (task !== undefined)
      return refuse(
        new ApiError(409, 'drc.dock_busy', {}, [{ key: 'drc.task_running', params: { task } }]),
      );
    const aircraft = await aircraftOf(db, dockSn);
    if (!aircraft) return refuse(new ApiError(409, 'drc.no_aircraft'));
    const now = this.#scheduler.now();
    const session: Session = {
      dockSn,
      aircraftSn: aircraft.sn,
      payloadIndex: aircraft.payloadIndex,
      holder: user,
      since: held?.since ?? now,
      expiresAt: now + DRC_CREDENTIAL_TTL_S * 1000,
      lastHeartbeat: now,
      pending: !held,
    };
    // Reserved before the first await on the dock: a second pilot arriving meanwhile is refused.
    this.#sessions.set(dockSn, session);
    const link = await this.#connected();
    if (!link) {
      if (!held) this.#sessions.delete(dockSn);
      return refuse(new ApiError(409, 'drc.link_down'), aircraft.sn);
    }
    const steps: [string, object][] = [
      ['flight_authority_grab', {}],
      ['payload_authority_grab', { payload_index: aircraft.payloadIndex }],
      [
        'drc_mode_enter',
        {
          mqtt_broker: drcBrokerBlock(
            this.options.config,
            this.options.secret,
            dockSn,
            session.expiresAt,
          ),
          osd_frequency: DRC_OSD_HZ,
          hsi_frequency: DRC_HSI_HZ,
        },
      ],
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
        if (!held) this.#sessions.delete(dockSn);
        throw new ApiError(409, reply.result === DRC_NO_REPLY ? 'drc.no_reply' : 'drc.refused', {
          code: reply.result,
        });
      }
    }
    session.pending = false;
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

  /** The holder leaves DRC; nobody holding it is already the wanted state. */
  async exit(user: DrcUser, dockSn: string, ip: string): Promise<DrcStatus> {
    const s = this.#sessions.get(dockSn);
    if (s && !s.pending) {
      if (s.holder.userId !== user.userId) {
        await auditDrc(this.options.db, actorOf(user, ip), {
          action: 'drc_mode_exit',
          dockSn,
          aircraftSn: s.aircraftSn,
          ok: false,
          detail: 'drc.not_holder',
        });
        throw new ApiError(409, 'drc.not_holder');
      }
      await this.#end(s, actorOf(user, ip), 'by the pilot');
    }
    return this.status(dockSn);
  }

  /** Sends one cockpit service for the holder and reports the dock's answer. */
  async command(user: DrcUser, input: DrcCommandInput, ip: string): Promise<DrcCommandResult> {
    const s = this.#sessions.get(input.dock_sn);
    const actor = actorOf(user, ip);
    if (s?.pending !== false || s.holder.userId !== user.userId) {
      await auditDrc(this.options.db, actor, {
        action: input.method,
        dockSn: input.dock_sn,
        aircraftSn: s?.aircraftSn ?? '',
        ok: false,
        detail: 'drc.not_holder',
      });
      throw new ApiError(409, 'drc.not_holder');
    }
    const link = await this.#connected();
    if (!link) throw new ApiError(409, 'drc.link_down');
    const reply = await link.call(s.dockSn, input.method, commandData(input, s.payloadIndex));
    await auditDrc(this.options.db, actor, {
      action: input.method,
      dockSn: s.dockSn,
      aircraftSn: s.aircraftSn,
      ok: reply.result === 0,
      detail: callDetail(reply.tid, reply.result, reply.latencyMs),
    });
    return { result: reply.result, latency_ms: reply.latencyMs, tid: reply.tid };
  }

  /** Ends every session and the broker link. */
  async close(): Promise<void> {
    this.#stopSweep();
    this.#stopEvents();
    for (const s of this.#sessions.values()) clearDrcHolder(s.dockSn, this);
    this.#sessions.clear();
    const link = this.#link;
    this.#link = null;
    if (link) await (await link).close();
  }

  async #connected(): Promise<DrcLink | null> {
    if (!this.#link) {
      this.#link = this.options.connect();
      const link = await this.#link;
      link.onDown((sn, msg) => this.#down(sn, msg));
    }
    const link = await this.#link;
    return link.connected() ? link : null;
  }

  /** Leaves DRC on the dock and forgets the session; the dock's answer does not keep it. */
  async #end(s: Session, actor: DrcActor, why: string): Promise<void> {
    this.#sessions.delete(s.dockSn);
    clearDrcHolder(s.dockSn, this);
    await this.#flushBursts(s);
    const link = this.#link ? await this.#link : null;
    const reply = link?.connected()
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

  /** Ends a session the server itself decided to end, logging failures instead of throwing. */
  #endQuietly(s: Session, why: string): void {
    this.#end(s, actorOf(s.holder, ''), why).catch((error: unknown) => {
      this.options.log.error(`drc: could not end the session on ${s.dockSn}: ${String(error)}`);
    });
  }

  #down(dockSn: string, msg: DownMessage): void {
    const s = this.#sessions.get(dockSn);
    if (!s || s.pending) return;
    const now = this.#scheduler.now();
    if (msg.method === 'heart_beat') {
      s.lastHeartbeat = now;
    } else if (msg.method === 'stick_control') {
      const d = msg.data;
      const sticks = [d.roll, d.pitch, d.throttle, d.yaw].filter((v) => typeof v === 'number');
      this.#bursts.add(dockSn, msg.seq, sticks, now);
    } else {
      // E-stops and landings are rare and costly: one row each.
      auditDrc(this.options.db, actorOf(s.holder, ''), {
        action: msg.method,
        dockSn,
        aircraftSn: s.aircraftSn,
        ok: true,
        detail: `seq=${String(msg.seq)}`,
      }).catch((error: unknown) => {
        this.options.log.error(`drc: audit of ${msg.method} failed: ${String(error)}`);
      });
    }
  }

  /** Audits the bursts that ended; `ended`: also all of that session's, which is already gone. */
  async #flushBursts(ended?: Session): Promise<void> {
    for (const burst of this.#bursts.take(this.#scheduler.now(), ended?.dockSn)) {
      const s = this.#sessions.get(burst.dockSn) ?? ended;
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

  #sweep(): void {
    const now = this.#scheduler.now();
    for (const s of [...this.#sessions.values()]) {
      if (s.pending) continue;
      if (now - s.lastHeartbeat > DRC_HEARTBEAT_TIMEOUT_S * 1000)
        this.#endQuietly(s, 'heartbeat lost');
      else if (now >= s.expiresAt) this.#endQuietly(s, 'credentials expired');
    }
    this.#flushBursts().catch((error: unknown) => {
      this.options.log.error(`drc: stick audit failed: ${String(error)}`);
    });
  }

  /** A holder whose account or role changed keeps the drone only while still allowed to fly. */
  #changed(change: PrincipalChange): void {
    for (const s of [...this.#sessions.values()]) {
      const concerned =
        (change.kind === 'user' && change.userId === s.holder.userId) ||
        (change.kind === 'role' && change.roleId === s.holder.roleId);
      if (!concerned || s.pending) continue;
      stillMay(this.options.db, s.holder.userId, DRC_PERMISSION)
        .then((may) => {
          if (!may && this.#sessions.get(s.dockSn) === s) this.#endQuietly(s, 'permission lost');
        })
        .catch((error: unknown) => {
          this.options.log.error(`drc: permission re-check failed: ${String(error)}`);
        });
    }
  }
}

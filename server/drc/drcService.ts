/**
 * DRC sessions: one pilot per dock. Entering grabs flight and payload authority and sends
 * `drc_mode_enter`; the session ends on exit, when the holder's heartbeats on `drc/down` stop, when
 * the credentials expire without renewal, or when the holder loses the permission. Every step is
 * audited (drcAudit.ts).
 *
 * The database (drcStore.ts) is the one record of who holds a dock, shared by every instance: status,
 * the one-pilot rule, exit and commands read it, so they work on any instance (drcCommands.ts). The
 * instance that granted a session serves it (drcEnter.ts, drcOwnership.ts): it watches the
 * heartbeats, its own and those other instances heard and noted in the database (drcHeartbeat.ts),
 * renews the dock's credentials before they expire (drcRenewal.ts), and audits sticks and e-stops
 * (drcTrafficAudit.ts). Each instance copies the live sessions into its broker's holder and
 * credential tables once a second (drcSweep.ts, drcMirror.ts). A session whose instance stopped is
 * taken over by another one (drcTakeover.ts, drcHousekeeping.ts).
 *
 * The broker credentials of `drc_mode_enter` work from just before it is sent until the session ends
 * (drcGrants.ts); ending it announces a change of the dock so the broker closes the dock's DRC
 * connection at once (sessionWatch.ts) instead of at the dock's next message.
 *
 * This class is the service's face: it owns the shared state (drcContext.ts), its timers and its
 * listeners, and hands each request to the module that serves it.
 */
import type {
  DrcCommandInput,
  DrcCommandResult,
  DrcSession,
  DrcStatus,
} from '../../protocol/drc.ts';
import type { Scheduler } from '../runtime/scheduler.ts';
import { command, exit, status } from './drcCommands.ts';
import { newDrcContext } from './drcContext.ts';
import type { DrcContext, DrcServiceOptions } from './drcContext.ts';
import { enter } from './drcEnter.ts';
import { heartbeatHeard } from './drcHeartbeat.ts';
import { principalChanged } from './drcHousekeeping.ts';
import type { DrcLink } from './drcLink.ts';
import { handOverAll } from './drcOwnership.ts';
import type { DrcUser } from './drcSession.ts';
import { SWEEP_MS, sweeper } from './drcSweep.ts';
import { adopt } from './drcTakeover.ts';

export type { DrcServiceOptions } from './drcContext.ts';
export type { DrcUser } from './drcSession.ts';

/** The DRC sessions of one app. */
export class DrcService {
  readonly #ctx: DrcContext;
  readonly #sweep: () => void;
  #stopSweep: () => void;
  readonly #stopEvents: () => void;

  constructor(options: DrcServiceOptions) {
    // The service itself names its entries in the process-wide holder and grant tables.
    this.#ctx = newDrcContext(options, this, (link) => {
      this.#hear(link);
    });
    this.#sweep = sweeper(this.#ctx);
    this.#stopSweep = options.scheduler.every(SWEEP_MS, this.#sweep);
    this.#stopEvents = options.events.onChange((change) => {
      principalChanged(this.#ctx, change);
    });
  }

  /** Runs heartbeat and expiry checks on `scheduler` from now on (tests use virtual time). */
  useScheduler(scheduler: Scheduler): void {
    this.#stopSweep();
    this.#ctx.scheduler = scheduler;
    this.#stopSweep = scheduler.every(SWEEP_MS, this.#sweep);
  }

  /** Hands out credentials valid for `seconds` from the next entry or renewal on (tests). */
  useCredentialTtl(seconds: number): void {
    this.#ctx.ttlMs = seconds * 1000;
  }

  /** Who holds `dockSn` now, as the database says. */
  status(dockSn: string): Promise<DrcStatus> {
    return status(this.#ctx, dockSn);
  }

  /** Takes control of `dockSn` for `user`, or throws a refusal naming the reason. */
  enter(user: DrcUser, dockSn: string, ip: string): Promise<DrcSession> {
    return enter(this.#ctx, user, dockSn, ip);
  }

  /** The holder leaves DRC, through any instance; nobody holding it is already the wanted state. */
  exit(user: DrcUser, dockSn: string, ip: string): Promise<DrcStatus> {
    return exit(this.#ctx, user, dockSn, ip);
  }

  /** Sends one cockpit service for the holder, through any instance, and reports the answer. */
  command(user: DrcUser, input: DrcCommandInput, ip: string): Promise<DrcCommandResult> {
    return command(this.#ctx, user, input, ip);
  }

  /**
   * Takes back the sessions no running instance serves (this server restarted, or the instance that
   * served them died): the holder keeps the drone, and the dock hears `drc_mode_enter` again with
   * the same credentials once it is online. Call when the server listens (the link needs it); from
   * then on silent instances' sessions are taken over as they go quiet.
   */
  async restore(): Promise<void> {
    this.#ctx.listening = true;
    await adopt(this.#ctx, 'resumed after restart');
  }

  /** Ends every session and the broker link; the database keeps them for the next start. */
  async close(): Promise<void> {
    const ctx = this.#ctx;
    ctx.closed = true;
    this.#stopSweep();
    this.#stopEvents();
    await handOverAll(ctx);
    const link = ctx.link;
    ctx.link = null;
    if (link) await (await link).close();
  }

  /** Heartbeats and the holder's traffic on `drc/down`, and the dock's e-stop answers. */
  #hear(link: DrcLink): void {
    const ctx = this.#ctx;
    link.onDown((dockSn, msg) => {
      if (msg.method === 'heart_beat') heartbeatHeard(ctx, dockSn);
      else ctx.traffic.heard(dockSn, msg);
    });
    link.onUp('drone_emergency_stop', (dockSn, msg) => {
      ctx.traffic.estopReplied(dockSn, msg);
    });
  }
}

/**
 * The audit of what the pilot's tab sends the dock directly on `drc/down` (sticks, e-stops,
 * landings) and the dock's e-stop answers on `drc/up`. Only the instance serving a session audits
 * its traffic, so every message is written once however many instances hear it.
 */
import type { Db } from '../db/Db.ts';
import type { Log } from '../runtime/log.ts';
import { auditDrc } from './drcAudit.ts';
import { DRC_NO_REPLY } from './drcLink.ts';
import type { DrcMessage } from './drcLink.ts';
import { actorOf } from './drcSession.ts';
import type { Session } from './drcSession.ts';
import { EstopReplies, estopDetail } from './estopReplies.ts';
import type { AnsweredEstop } from './estopReplies.ts';
import { burstDetail, StickBursts } from './stickBursts.ts';

/** A pause in sticks longer than this ends a control burst (one audit row), ms. */
const BURST_GAP_MS = 2_000;
/** How long the dock has to answer an e-stop before it is audited as unanswered, ms. */
const ESTOP_REPLY_MS = 10_000;

export interface TrafficAuditDeps {
  db: Db;
  log: Log;
  /** The service's clock (tests swap it for virtual time). */
  now: () => number;
  /** The sessions the service serves, by dock. */
  owned: ReadonlyMap<string, Session>;
}

/** Sticks, e-stops and landings of the sessions one service serves, audited. */
export class DrcTrafficAudit {
  readonly #bursts = new StickBursts(BURST_GAP_MS);
  readonly #estops = new EstopReplies();

  constructor(private readonly deps: TrafficAuditDeps) {}

  /** A `drc/down` message other than a heartbeat, heard from the holder of `dockSn`. */
  heard(dockSn: string, msg: DrcMessage): void {
    const now = this.deps.now();
    const s = this.deps.owned.get(dockSn);
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
  estopReplied(dockSn: string, msg: DrcMessage): void {
    const result = typeof msg.data.result === 'number' ? msg.data.result : DRC_NO_REPLY;
    const answered = this.#estops.replied(dockSn, msg.seq, result, Date.now());
    if (answered) this.#auditEstop(answered);
  }

  /** Audits the e-stops still unanswered at `now` as such. */
  auditOverdue(now: number): void {
    for (const e of this.#estops.overdue(now, Date.now())) this.#auditEstop(e);
  }

  /** Audits the bursts that ended; `ended`: also all of that session's, which is already gone. */
  async flushBursts(ended?: Session): Promise<void> {
    for (const burst of this.#bursts.take(this.deps.now(), ended?.dockSn)) {
      const s = this.deps.owned.get(burst.dockSn) ?? ended;
      await auditDrc(
        this.deps.db,
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

  #auditEstop(e: AnsweredEstop): void {
    const s = this.deps.owned.get(e.dockSn);
    if (s) this.#auditQuietly(s, 'drone_emergency_stop', e.result === 0, estopDetail(e));
  }

  #auditQuietly(s: Session, action: string, ok: boolean, detail: string): void {
    auditDrc(this.deps.db, actorOf(s.holder, ''), {
      action,
      dockSn: s.dockSn,
      aircraftSn: s.aircraftSn,
      ok,
      detail,
    }).catch((error: unknown) => {
      this.deps.log.error(`drc: audit of ${action} failed: ${String(error)}`);
    });
  }
}

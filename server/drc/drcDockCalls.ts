/**
 * Services the DRC service calls on a dock, each audited with the dock's answer: the entry sequence
 * (authority grabs, then `drc_mode_enter`) and single calls.
 */
import type { DrcActor } from './drcAudit.ts';
import { auditDrc, callDetail } from './drcAudit.ts';
import { enterData } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { DRC_NO_REPLY } from './drcLink.ts';
import type { DrcLink, DrcReply } from './drcLink.ts';
import type { Session } from './drcSession.ts';

export interface AuditedCall {
  actor: DrcActor;
  dockSn: string;
  aircraftSn: string;
  method: string;
  data: object;
  /** Heads the audit detail when the server acted on its own (`credentials renewed`, …). */
  why?: string;
}

/** Calls `call.method` on the dock and audits the answer; no link counts as no answer. */
export async function callAudited(
  ctx: DrcContext,
  link: DrcLink | null,
  call: AuditedCall,
): Promise<DrcReply> {
  const reply: DrcReply = link
    ? await link.call(call.dockSn, call.method, call.data)
    : { result: DRC_NO_REPLY, latencyMs: 0, tid: '' };
  const detail = callDetail(reply.tid, reply.result, reply.latencyMs);
  await auditDrc(ctx.options.db, call.actor, {
    action: call.method,
    dockSn: call.dockSn,
    aircraftSn: call.aircraftSn,
    ok: reply.result === 0,
    detail: call.why === undefined ? detail : `${call.why}; ${detail}`,
  });
  return reply;
}

/**
 * Grabs flight and payload authority and sends `drc_mode_enter` with the session's credentials,
 * stopping at the first step the dock does not accept; answers that step's result, or 0.
 */
export async function sendEnterSteps(
  ctx: DrcContext,
  link: DrcLink,
  s: Session,
  actor: DrcActor,
  why?: string,
): Promise<number> {
  const steps: [string, object][] = [
    ['flight_authority_grab', {}],
    ['payload_authority_grab', { payload_index: s.payloadIndex }],
    ['drc_mode_enter', enterData(ctx, s)],
  ];
  const base = { actor, dockSn: s.dockSn, aircraftSn: s.aircraftSn };
  for (const [method, data] of steps) {
    const reply = await callAudited(ctx, link, { ...base, method, data, why });
    if (reply.result !== 0) return reply.result;
  }
  return 0;
}

/**
 * Renewal of a session's broker credentials before they expire: a fresh `drc_mode_enter` (the
 * protocol has no other way to extend them), while the current credentials keep working until
 * their own expiry, so the dock's DRC link and the pilot's control go on without a gap.
 */
import { actorOf } from './drcSession.ts';
import type { Session } from './drcSession.ts';
import { connectedLink, enterData, expiryOf, isServed } from './drcContext.ts';
import type { DrcContext } from './drcContext.ts';
import { callAudited } from './drcDockCalls.ts';
import { addDrcGrant } from './drcGrants.ts';
import { grantOf } from './drcMirror.ts';
import { renewSession } from './drcStore.ts';

/** Renewal starts when this share of the credentials' lifetime is left, and is retried until expiry. */
const RENEW_WHEN_LEFT = 0.25;
const RENEW_RETRY_MS = 5_000;

/** Whether `s` should get new credentials at `now` (none under way, the last try long enough ago). */
export function renewalDue(s: Session, now: number): boolean {
  const lifetime = s.expiresAt - s.issuedAt;
  if (s.renewing || now < s.expiresAt - lifetime * RENEW_WHEN_LEFT) return false;
  return s.renewingSince === null || now - s.renewingSince >= RENEW_RETRY_MS;
}

/** Hands the dock of `s` new credentials; a failed try is repeated by a later sweep. */
export async function renew(ctx: DrcContext, s: Session): Promise<void> {
  const now = ctx.scheduler.now();
  s.renewingSince = now;
  s.renewing = true;
  try {
    await sendRenewal(ctx, s, now);
  } finally {
    s.renewing = false;
  }
}

async function sendRenewal(ctx: DrcContext, s: Session, now: number): Promise<void> {
  const { config, secret, events, db } = ctx.options;
  const link = await connectedLink(ctx);
  if (!link || !isServed(ctx, s)) return;
  const next: Session = { ...s, expiresAt: expiryOf(ctx, now) };
  addDrcGrant(grantOf(config, secret, next, ctx.key), now);
  // A managed Mosquitto takes the new password (dynsecSync.ts); open connections stay.
  events.changed({ kind: 'device', sn: s.dockSn });
  const reply = await callAudited(ctx, link, {
    actor: actorOf(s.holder, ''),
    dockSn: s.dockSn,
    aircraftSn: s.aircraftSn,
    method: 'drc_mode_enter',
    data: enterData(ctx, next),
    why: 'credentials renewed',
  });
  if (reply.result !== 0 || !isServed(ctx, s)) return;
  if (!(await renewSession(db, s.dockSn, ctx.owner, next.expiresAt))) return;
  s.expiresAt = next.expiresAt;
  s.issuedAt = now;
  s.renewingSince = null;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { AI_ALARM_API } from '../../protocol/aiAlarms.ts';

/** How long a snapshot link handed to a console stays valid: longer than a page stays open. */
export const SNAPSHOT_LINK_TTL_MS = 12 * 3_600_000;

function signature(tokenSecret: string, alarmId: number, expires: number): string {
  return createHmac('sha256', tokenSecret)
    .update(`skydeck:ai-snapshot:${String(alarmId)}:${String(expires)}`)
    .digest('hex');
}

/**
 * The signed, expiring path of an alarm's snapshot. An `<img>` sends no bearer token, so the link
 * itself carries the permission, like the docks' KMZ links (tasks/fileSignature.ts). Expiry is
 * rounded to the hour so one alarm's link stays the same across reloads and the browser caches it.
 */
export function signedSnapshotPath(tokenSecret: string, alarmId: number, nowMs: number): string {
  const hour = 3_600_000;
  const expires = Math.ceil((nowMs + SNAPSHOT_LINK_TTL_MS) / hour) * hour;
  const query = new URLSearchParams({
    id: String(alarmId),
    expires: String(expires),
    sig: signature(tokenSecret, alarmId, expires),
  });
  return `${AI_ALARM_API.snapshot}?${query.toString()}`;
}

/** Whether `sig` was made by this server for this alarm and has not expired. */
export function validSnapshotSignature(
  tokenSecret: string,
  link: { id: number; expires: number; sig: string },
  nowMs: number,
): boolean {
  if (!Number.isSafeInteger(link.expires) || link.expires < nowMs) return false;
  const expected = Buffer.from(signature(tokenSecret, link.id, link.expires), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

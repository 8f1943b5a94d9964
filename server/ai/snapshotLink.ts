import { AI_ALARM_API } from '../../protocol/aiAlarms.ts';
import { hourlyExpiry, signLink, validLinkSignature } from '../auth/linkSignature.ts';

/** How long a snapshot link handed to a console stays valid: longer than a page stays open. */
export const SNAPSHOT_LINK_TTL_MS = 12 * 3_600_000;

const subject = (alarmId: number): string => `ai-snapshot:${String(alarmId)}`;

/**
 * The signed, expiring path of an alarm's snapshot. An `<img>` sends no bearer token, so the link
 * itself carries the permission, like the docks' KMZ links (tasks/fileSignature.ts). Expiry is
 * rounded to the hour so one alarm's link stays the same across reloads and the browser caches it.
 */
export function signedSnapshotPath(tokenSecret: string, alarmId: number, nowMs: number): string {
  const expires = hourlyExpiry(nowMs, SNAPSHOT_LINK_TTL_MS);
  const query = new URLSearchParams({
    id: String(alarmId),
    expires: String(expires),
    sig: signLink(tokenSecret, subject(alarmId), expires),
  });
  return `${AI_ALARM_API.snapshot}?${query.toString()}`;
}

/** Whether `sig` was made by this server for this alarm and has not expired. */
export function validSnapshotSignature(
  tokenSecret: string,
  link: { id: number; expires: number; sig: string },
  nowMs: number,
): boolean {
  return validLinkSignature(tokenSecret, subject(link.id), link, nowMs);
}

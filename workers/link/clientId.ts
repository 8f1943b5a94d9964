/**
 * MQTT client ids of console tabs. The console stores one 6-digit client id per browser (spec §3);
 * every tab of that browser shares it, and a broker disconnects the older of two clients with the same
 * id, so two open tabs would knock each other offline forever. A per-worker nonce keeps each tab's id
 * unique while the stored id still identifies the browser in broker logs.
 */
import { consoleClientIdPrefix } from '../../protocol/mqtt/clientIds.ts';

/** Prefix that marks console connections in broker logs and ACL rules. */
export const CONSOLE_CLIENT_ID_PREFIX = 'skydeck-web';

/** Random lower-case letters and digits for one worker's lifetime. */
export function createTabNonce(length = 6): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/**
 * Builds `<username>:skydeck-web-<stored id>-<nonce>`; anything but digits is stripped from the stored
 * id. The broker accepts a console user only with ids behind their own username (protocol/mqtt/clientIds.ts).
 */
export function buildClientId(storedId: string, nonce: string, username: string): string {
  const digits = storedId.replace(/\D/g, '') || '000000';
  return `${consoleClientIdPrefix(username)}${CONSOLE_CLIENT_ID_PREFIX}-${digits}-${nonce}`;
}

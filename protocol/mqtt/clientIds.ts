/**
 * Which MQTT client id a principal may use. A broker drops the older of two connections with one
 * client id, so an id anyone could take would let a user knock a dock offline: a device connects
 * with exactly its serial number, a console user with ids that start with their own username and
 * `:` (a character usernames cannot hold, so no user's prefix is another's).
 */

/** Separates the username from the rest of a console client id. */
export const CONSOLE_CLIENT_ID_SEPARATOR = ':';

/** The prefix every client id of the console user `username` starts with. */
export const consoleClientIdPrefix = (username: string): string =>
  `${username}${CONSOLE_CLIENT_ID_SEPARATOR}`;

/** The one client id a device (dock, RC, or the simulator's gateways) connects with. */
export const deviceClientId = (sn: string): string => sn;

/** Whether a console user may connect with `clientId`. */
export const isConsoleClientIdOf = (username: string, clientId: string): boolean =>
  clientId.startsWith(consoleClientIdPrefix(username)) &&
  clientId.length > consoleClientIdPrefix(username).length;

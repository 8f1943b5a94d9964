/**
 * Connects Aedes' authentication and authorization hooks to `BrokerAuth`. Each connection's session
 * is kept in a WeakMap so it goes away with the client.
 */
import type { Aedes, AuthenticateError, Client } from 'aedes';
import type { BrokerAuth, BrokerSession } from './brokerAuth.ts';
import type { Log } from './log.ts';

// Aedes' `AuthErrorCode` is an ambient const enum, which verbatimModuleSyntax cannot import.
const BAD_USERNAME_OR_PASSWORD = 4;

function authError(): AuthenticateError {
  // Aedes types the code as its const enum, which this module cannot name (see above): the plain
  // number is the same value on the wire.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
  return Object.assign(new Error('bad username or password'), {
    returnCode: BAD_USERNAME_OR_PASSWORD,
  });
}

/** Installs the hooks on `broker`; returns a lookup of a client's session (for disconnect handling). */
export function installAuthHooks(
  broker: Aedes,
  auth: BrokerAuth,
  log: Log,
): (client: Client) => BrokerSession | undefined {
  const sessions = new WeakMap<Client, BrokerSession>();
  const failed = (where: string) => (error: unknown) => {
    log.error(`mqtt ${where} check failed: ${String(error)}`);
  };

  broker.authenticate = (client, username, password, done) => {
    auth
      .authenticate(client.id, username ?? '', password?.toString('utf8') ?? '')
      .then((session) => {
        if (!session) return done(authError(), false);
        sessions.set(client, session);
        done(null, true);
      })
      .catch((error: unknown) => {
        failed('connect')(error);
        done(authError(), false);
      });
  };

  // A refused publish closes the connection: MQTT 3.1.1 has no negative acknowledgement for it.
  broker.authorizePublish = (client, packet, done) => {
    const session = client ? sessions.get(client) : undefined;
    if (!client) return done(null);
    if (!session) return done(new Error('not authenticated'));
    auth
      .authorize(session, 'publish', packet.topic, client.id)
      .then((ok) => done(ok ? null : new Error('not authorized')))
      .catch((error: unknown) => {
        failed('publish')(error);
        done(new Error('not authorized'));
      });
  };

  // A refused subscription is answered with granted QoS 128; the connection stays up.
  broker.authorizeSubscribe = (client, subscription, done) => {
    const session = sessions.get(client);
    if (!session) return done(null, null);
    auth
      .authorize(session, 'subscribe', subscription.topic, client.id)
      .then((ok) => done(null, ok ? subscription : null))
      .catch((error: unknown) => {
        failed('subscribe')(error);
        done(null, null);
      });
  };

  return (client) => sessions.get(client);
}

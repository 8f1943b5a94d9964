import type { SkydeckExtension } from '../app.ts';
import type { AppDeps } from '../http/context.ts';
import { createBrokerAuth } from '../mqtt/brokerAuth.ts';
import type { BrokerAuth } from '../mqtt/brokerAuth.ts';
import { mqttRoutes } from '../mqtt/mqttRoutes.ts';
import type { Log } from '../runtime/log.ts';

/**
 * Creates the broker's authentication and authorization and serves it to external brokers over
 * HTTP; the embedded broker takes the same `BrokerAuth`.
 */
export async function registerBrokerAuth(
  app: Parameters<SkydeckExtension>[0],
  deps: AppDeps,
  log: Log,
  serverSecret: string,
): Promise<BrokerAuth> {
  const { db, config, tokenSecret } = deps;
  const auth: BrokerAuth = createBrokerAuth({
    db,
    log,
    // Token versions: an access token voided by a password change or revocation opens nothing.
    verifyAccessToken: (token) => deps.tokenVersions.verify(tokenSecret, token),
    serverSecret,
  });
  await app.register(mqttRoutes, {
    auth,
    sharedSecret: config.mqttHookSecret ?? '',
    wsUrl: config.mqttWsUrl,
    authenticate: (request) =>
      Promise.resolve(request.caller ? { username: request.caller.username } : null),
    onPrincipalChange: (listener) => deps.events.onChange(listener),
  });
  return auth;
}

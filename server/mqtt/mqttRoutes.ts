/**
 * HTTP side of the broker: EMQX's HTTP authentication and authorization hooks (so an external broker
 * applies the same rules as the embedded one) and the console's `GET /api/mqtt/config`.
 * EMQX setup: POST JSON `{clientid, username, password}` to `/api/mqtt/auth` and
 * `{clientid, username, topic, action}` to `/api/mqtt/acl`, with the shared secret in the
 * `x-skydeck-mqtt-secret` header; both answer `{ "result": "allow" | "deny" }`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API } from '../../protocol/http.ts';
import type { MqttConfig } from '../../protocol/http.ts';
import { failure, ok } from '../http/envelope.ts';
import type { BrokerAuth, BrokerSession } from './brokerAuth.ts';
import { MQTT_WS_PATH } from './embeddedBroker.ts';

export const MQTT_SECRET_HEADER = 'x-skydeck-mqtt-secret';
export const MQTT_AUTH_PATH = '/api/mqtt/auth';
export const MQTT_ACL_PATH = '/api/mqtt/acl';
/** Sessions of clients the broker authenticated here are reused for their ACL checks this long. */
const SESSION_TTL_MS = 10 * 60_000;
const MAX_SESSIONS = 50_000;

export interface MqttRoutesOptions {
  auth: BrokerAuth;
  /** Shared secret EMQX sends; empty disables the auth and ACL endpoints (they answer 404). */
  sharedSecret: string;
  /** `MQTT_WS_URL`; unset → the embedded broker's `/mqtt` on the address the browser used. */
  wsUrl?: string;
  /** The signed-in console user of a request, or null. */
  authenticate: (request: FastifyRequest) => Promise<{ username: string } | null>;
  /** Calls back on every committed change of who may do what (server/principalEvents.ts). */
  onPrincipalChange?: (listener: () => void) => () => void;
}

type Body = Record<string, unknown>;
const text = (body: Body, key: string): string => (typeof body[key] === 'string' ? body[key] : '');

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The WebSocket address a browser should use, derived from how it reached us. */
export function embeddedWsUrl(request: FastifyRequest): string {
  const secure = request.protocol === 'https';
  return `${secure ? 'wss' : 'ws'}://${request.host}${MQTT_WS_PATH}`;
}

/** Registers `/api/mqtt/auth`, `/api/mqtt/acl` and `/api/mqtt/config`. */
// Fastify plugins are async by contract even when registration itself awaits nothing.
// eslint-disable-next-line @typescript-eslint/require-await
export const mqttRoutes: FastifyPluginAsync<MqttRoutesOptions> = async (app, options) => {
  const { auth } = options;
  const sessions = new Map<string, { session: BrokerSession; expires: number }>();
  // A change may void any cached session: the next ACL question re-reads it from the database.
  const stop = options.onPrincipalChange?.(() => sessions.clear());
  if (stop) app.addHook('onClose', () => stop());

  /** The body of an EMQX hook call, or null after answering a caller without the shared secret. */
  const guard = (request: FastifyRequest, reply: FastifyReply): Body | null => {
    if (options.sharedSecret === '') {
      void reply.code(404).send({ result: 'ignore' });
      return null;
    }
    if (!sameSecret(request.headers[MQTT_SECRET_HEADER], options.sharedSecret)) {
      void reply.code(403).send({ result: 'deny' });
      return null;
    }
    const body = request.body;
    return typeof body === 'object' && body !== null ? (body as Body) : {};
  };

  app.post(MQTT_AUTH_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const body = guard(request, reply);
    if (!body) return reply;
    const clientId = text(body, 'clientid');
    const username = text(body, 'username');
    const session = await auth.authenticate(clientId, username, text(body, 'password'));
    if (!session) return { result: 'deny' };
    if (sessions.size >= MAX_SESSIONS) sessions.clear();
    sessions.set(`${clientId}\n${username}`, { session, expires: Date.now() + SESSION_TTL_MS });
    return { result: 'allow', is_superuser: false };
  });

  app.post(MQTT_ACL_PATH, { config: { access: 'public' } }, async (request, reply) => {
    const body = guard(request, reply);
    if (!body) return reply;
    const clientId = text(body, 'clientid');
    const username = text(body, 'username');
    const action = text(body, 'action');
    if (action !== 'publish' && action !== 'subscribe') return { result: 'deny' };
    const cached = sessions.get(`${clientId}\n${username}`);
    const session =
      cached && cached.expires > Date.now() ? cached.session : await auth.sessionFor(username);
    if (!session) return { result: 'deny' };
    const allowed = await auth.authorize(session, action, text(body, 'topic'), clientId);
    return { result: allowed ? 'allow' : 'deny' };
  });

  app.get(API.mqttConfig, { config: { access: 'signed-in' } }, async (request, reply) => {
    const user = await options.authenticate(request);
    if (!user) return reply.code(401).send(failure(request, 'auth.required'));
    const config: MqttConfig = {
      ws_url: options.wsUrl ?? embeddedWsUrl(request),
      username: user.username,
    };
    return ok(request, config);
  });
};

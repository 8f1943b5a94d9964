/**
 * The broker's HTTP endpoints: EMQX's authentication and authorization hooks apply the same rules as
 * the embedded broker, and the console learns where to connect from `/api/mqtt/config`.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrokerAuth } from '../../server/mqtt/brokerAuth.ts';
import { MQTT_SECRET_HEADER, mqttRoutes } from '../../server/mqtt/mqttRoutes.ts';
import { simSecret } from '../../server/sim/fleet.ts';
import {
  accessToken,
  openFixture,
  recordingLog,
  SERVER_SECRET,
  SIM_KEY,
  registerTestFleet,
  verifyAccessToken,
} from './mqttFixtures.ts';
import type { Fixture } from './mqttFixtures.ts';
import { holdDrc } from './helpers/drcHold.ts';

const HOOK_SECRET = 'emqx-hook-secret';
const UAV = 'SIMUAV000000';

describe('broker HTTP endpoints', () => {
  let fx: Fixture;
  let app: FastifyInstance;
  const hook = (path: string, payload: Record<string, string>, secret = HOOK_SECRET) =>
    app.inject({ method: 'POST', url: path, headers: { [MQTT_SECRET_HEADER]: secret }, payload });
  const result = (res: { json: () => unknown }) => (res.json() as { result: string }).result;

  beforeAll(async () => {
    fx = await openFixture();
    await registerTestFleet(fx, 1);
    const auth = createBrokerAuth({
      db: fx.db,
      log: recordingLog(),
      verifyAccessToken,
      serverSecret: SERVER_SECRET,
    });
    app = Fastify();
    await app.register(mqttRoutes, {
      auth,
      sharedSecret: HOOK_SECRET,
      authenticate: async (request) => {
        const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
        const claims = await verifyAccessToken(token);
        const row = claims
          ? await fx.db.query<{ username: string }>('select username from users where id = $1', [
              claims.userId,
            ])
          : [];
        return row[0] ?? null;
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await fx.db.close();
  });

  it('refuses hook calls without the shared secret', async () => {
    const res = await hook(
      '/api/mqtt/auth',
      { clientid: 'c', username: 'skydeck-server', password: SERVER_SECRET },
      'guess',
    );
    expect(res.statusCode).toBe(403);
    expect(result(res)).toBe('deny');
  });

  it('authenticates devices, users and the server like the embedded broker', async () => {
    const dock = 'SIMDOCK000000';
    expect(
      result(
        await hook('/api/mqtt/auth', {
          clientid: dock,
          username: dock,
          password: simSecret(dock, SIM_KEY),
        }),
      ),
    ).toBe('allow');
    expect(
      result(await hook('/api/mqtt/auth', { clientid: dock, username: dock, password: 'wrong' })),
    ).toBe('deny');
    const token = await accessToken(fx.users.alice);
    expect(
      result(
        await hook('/api/mqtt/auth', { clientid: 'alice:tab', username: 'alice', password: token }),
      ),
    ).toBe('allow');
  });

  it('binds client ids to their accounts', async () => {
    const dock = 'SIMDOCK000000';
    const auth = (clientid: string, username: string, password: string) =>
      hook('/api/mqtt/auth', { clientid, username, password }).then(result);
    expect(await auth('sim-SIMDOCK000000', dock, simSecret(dock, SIM_KEY))).toBe('deny');
    const bobToken = await accessToken(fx.users.bob);
    expect(await auth(dock, 'bob', bobToken)).toBe('deny');
    expect(await auth('alice:tab', 'bob', bobToken)).toBe('deny');
    expect(await auth('bob:', 'bob', bobToken)).toBe('deny');
    expect(await auth('bob:tab', 'bob', bobToken)).toBe('allow');
  });

  it('authorizes by project and role', async () => {
    const bobToken = await accessToken(fx.users.bob);
    await hook('/api/mqtt/auth', { clientid: 'bob:b', username: 'bob', password: bobToken });
    const acl = (clientid: string, username: string, action: string, topic: string) =>
      hook('/api/mqtt/acl', { clientid, username, action, topic }).then(result);
    expect(await acl('a', 'alice', 'subscribe', `thing/product/${UAV}/osd`)).toBe('allow');
    expect(await acl('b', 'bob', 'subscribe', `thing/product/${UAV}/osd`)).toBe('deny');
    // Without a cached session (say, after a restart) the username alone decides.
    expect(await acl('v', 'victor', 'subscribe', `thing/product/${UAV}/osd`)).toBe('allow');
    expect(await acl('v', 'victor', 'publish', 'thing/product/SIMDOCK000000/drc/down')).toBe(
      'deny',
    );
    // drc/down needs the DRC session as well as the role: refused until alice holds the dock.
    expect(await acl('a', 'alice', 'publish', 'thing/product/SIMDOCK000000/drc/down')).toBe('deny');
    const release = holdDrc('SIMDOCK000000', fx.users.alice, 'alice');
    try {
      expect(await acl('a', 'alice', 'publish', 'thing/product/SIMDOCK000000/drc/down')).toBe(
        'allow',
      );
    } finally {
      release();
    }
    expect(await acl('d', 'SIMDOCK000000', 'publish', 'thing/product/SIMDOCK000001/osd')).toBe(
      'deny',
    );
  });

  it('tells a signed-in console where the broker is, and refuses anyone else', async () => {
    const token = await accessToken(fx.users.alice);
    const res = await app.inject({
      method: 'GET',
      url: '/api/mqtt/config',
      headers: { authorization: `Bearer ${token}`, host: 'console.example:8080' },
    });
    expect(res.json()).toEqual({
      code: 200,
      data: { ws_url: 'ws://console.example:8080/mqtt', username: 'alice' },
      msg: expect.any(String) as unknown,
    });
    const anonymous = await app.inject({ method: 'GET', url: '/api/mqtt/config' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 100, data: null });
  });
});

/**
 * The cockpit's latency-guard thresholds are kept per user on the server: the defaults until the
 * first save, each user's own values after it, warn below stop, bad input refused naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRC_API, DRC_GUARD_DEFAULTS } from '../../protocol/drc.ts';
import type { DrcGuardSettings } from '../../protocol/drc.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

describe.each(backends)('latency-guard settings on $name', (backend) => {
  let server: TestServer;
  let s: Seeded;
  const read = async (token: string) =>
    (await server.call<DrcGuardSettings>('GET', DRC_API.guard, { token })).body.data;
  const save = (token: string, body: unknown) =>
    server.call<DrcGuardSettings>('POST', DRC_API.guard, { token, body, lang: 'en' });

  beforeAll(async () => {
    server = await startServer(backend);
    s = await seeded(server);
  });
  afterAll(() => server.close());

  it('answers the defaults before the first save and each user’s own values after', async () => {
    expect(await read(s.operator)).toEqual(DRC_GUARD_DEFAULTS);
    const saved = await save(s.operator, { warn_ms: 250, stop_ms: 600 });
    expect(saved.status).toBe(200);
    expect(await read(s.operator)).toEqual({ warn_ms: 250, stop_ms: 600 });
    expect(await read(s.admin)).toEqual(DRC_GUARD_DEFAULTS);
    const rows = await server.handle.db.query<{ username: string; detail: string }>(
      `select username, detail from audit_logs where module = 'drc' and action = 'edit'`,
    );
    expect(rows).toEqual([
      { username: 'operator', detail: 'latency guard: warn=250ms stop=600ms' },
    ]);
  });

  it('refuses a stop threshold at or below the warning, naming the field', async () => {
    const refused = await save(s.operator, { warn_ms: 500, stop_ms: 500 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('stop_ms: must be at least 501');
    expect(await read(s.operator)).toEqual({ warn_ms: 250, stop_ms: 600 });
  });

  it('refuses thresholds out of range or not whole numbers, naming the field', async () => {
    const low = await save(s.operator, { warn_ms: 10, stop_ms: 600 });
    expect(low.status).toBe(400);
    expect(low.body.msg).toMatch(/^warn_ms: /);
    const fraction = await save(s.operator, { warn_ms: 300, stop_ms: 700.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.body.msg).toMatch(/^stop_ms: /);
    const missing = await save(s.operator, { warn_ms: 300 });
    expect(missing.body.msg).toBe('stop_ms: required');
  });
});

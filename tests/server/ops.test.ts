import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { SkydeckExtension } from '../../server/app.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { currentLogContext } from '../../server/runtime/logContext.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

/** PGlite, the back end every run has: these checks do not depend on the database kind. */
const pglite = backends[0] as (typeof backends)[number];
/** The dashboard operators import into Grafana (README, operations). */
const DASHBOARD = new URL('../../ops/grafana/skydeck-dashboard.json', import.meta.url);
const METRICS_TOKEN = 'metrics-token-for-the-test-0123';

interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: Record<string, { ok: boolean; detail?: string }>;
}

async function get(url: string, path: string, token?: string) {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, url), { headers });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** A route that answers what its work's log lines would name, after an await and a timer. */
const contextProbe: SkydeckExtension = (app) => {
  app.get('/test/log-context', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { id: request.id, context: currentLogContext() ?? null };
  });
  return Promise.resolve();
};

describe('health and readiness without the realtime side', () => {
  const world = useSeededServer(pglite, { extensions: [contextProbe] });

  it('carries each request’s id into the work it starts, for the lines it logs', async () => {
    const [a, b] = await Promise.all(
      [0, 1].map(async () => {
        const answer = await get(world.server.url, '/test/log-context');
        return JSON.parse(answer.text) as { id: string; context: { reqId?: string } | null };
      }),
    );
    expect(a?.context?.reqId).toBe(a?.id);
    expect(b?.context?.reqId).toBe(b?.id);
    expect(a?.id).not.toBe(b?.id);
  });

  it('answers /healthz and /readyz without a token, naming each check', async () => {
    const health = await get(world.server.url, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
    const ready = await get(world.server.url, '/readyz');
    expect(ready.status).toBe(200);
    const body = JSON.parse(ready.text) as Readiness;
    expect(body).toMatchObject({ ready: true, draining: false });
    expect(body.checks.database).toMatchObject({ ok: true, detail: 'pglite' });
    expect(body.checks.migrations).toMatchObject({ ok: true });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('has no /metrics when METRICS_TOKEN is unset', async () => {
    const metrics = await get(world.server.url, '/metrics', 'anything');
    expect(metrics.status).toBe(404);
  });

  it('is not ready while a migration this code has is missing from the database', async () => {
    const db = world.server.handle.db;
    const [last] = await db.query<{ version: string }>(
      'select version from schema_migrations order by version desc limit 1',
    );
    if (last === undefined) throw new Error('no migrations recorded');
    await db.query('delete from schema_migrations where version = $1', [last.version]);
    try {
      const ready = await get(world.server.url, '/readyz');
      expect(ready.status).toBe(503);
      const body = JSON.parse(ready.text) as Readiness;
      expect(body.checks.migrations?.ok).toBe(false);
      expect(body.checks.migrations?.detail).toContain(last.version);
    } finally {
      await db.query('insert into schema_migrations (version) values ($1)', [last.version]);
    }
  });
});

describe('readiness and metrics with the broker and ingestion', () => {
  const world = useSeededServer(pglite, {
    config: { mqttTcpPort: 0, simDrones: 0, metricsToken: METRICS_TOKEN },
    extensions: [realtimeExtension],
  });

  it('names the broker and ingestion as ready once they started', async () => {
    const ready = await get(world.server.url, '/readyz');
    const body = JSON.parse(ready.text) as Readiness;
    expect(ready.status).toBe(200);
    expect(body.checks.broker).toMatchObject({ ok: true, detail: 'embedded' });
    expect(body.checks.ingestion).toMatchObject({ ok: true });
  });

  it('serves Prometheus text behind the bearer token, labelled by route template', async () => {
    expect((await get(world.server.url, '/metrics')).status).toBe(401);
    expect((await get(world.server.url, '/metrics', 'wrong-token-of-some-length')).status).toBe(
      401,
    );
    await world.server.call('GET', '/api/workspace/tree', { token: world.s.admin });
    await world.server.call('GET', '/api/workspaceInfo', {
      token: world.s.admin,
      query: { workspace_id: 999_999 },
    });
    const metrics = await get(world.server.url, '/metrics', METRICS_TOKEN);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    const text = metrics.text;
    expect(text).toMatch(
      /skydeck_http_request_duration_seconds_count\{method="GET",route="\/api\/workspace\/tree",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/route="\/api\/workspaceInfo",status="404"/);
    expect(text).toMatch(/skydeck_db_query_duration_seconds_count\{kind="query"\} [1-9]/);
    expect(text).toContain('skydeck_devices_online');
    expect(text).toMatch(/skydeck_task_runs|# TYPE skydeck_task_runs gauge/);
    expect(text).toMatch(/skydeck_drc_sessions 0/);
    expect(text).toMatch(/skydeck_counter\{name="mqtt_refused_messages"\} 0/);
    expect(text).toContain('skydeck_nodejs_eventloop_lag_seconds');
  });

  it('has a Grafana dashboard whose every query names metrics this server exports', async () => {
    const dashboard = JSON.parse(await readFile(DASHBOARD, 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const text = (await get(world.server.url, '/metrics', METRICS_TOKEN)).text;
    // Declared series (a gauge with no sample yet still has its TYPE line), histograms with theirs.
    const series = new Set(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name = '', type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    );
    expect(dashboard.panels.length).toBeGreaterThan(8);
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets) {
        const names = expr.match(/skydeck_[a-z0-9_]+/g) ?? [];
        expect(names.length, panel.title).toBeGreaterThan(0);
        for (const name of names) expect(series.has(name), `${panel.title}: ${name}`).toBe(true);
        for (const [, counter] of expr.matchAll(/skydeck_counter\{name="([a-z_]+)"\}/g))
          expect(text, `${panel.title}: ${String(counter)}`).toContain(`name="${String(counter)}"`);
      }
    }
  });

  it('turns readiness false while draining for a stop', async () => {
    world.server.handle.deps.health.drain();
    const ready = await get(world.server.url, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ ready: false, draining: true });
    // Still alive: the process answers until it has closed.
    expect((await get(world.server.url, '/healthz')).status).toBe(200);
  });
});

import { readFile } from 'node:fs/promises';
import { connectAsync } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { consoleClientIdPrefix } from '../../protocol/mqtt/clientIds.ts';
import { thingTopic } from '../../protocol/mqtt/topics.ts';
import type { SkydeckExtension } from '../../server/app.ts';
import { migrate } from '../../server/db/migrate.ts';
import { Metrics } from '../../server/ops/metrics.ts';
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
    expect(text).toMatch(/skydeck_mqtt_refused_total\{op="publish",kind="device"\} 0/);
    expect(text).toMatch(/skydeck_ingestion_received_total 0/);
    expect(text).toContain('# TYPE skydeck_ingestion_batch_rows histogram');
    // PGlite has no pool: the family is declared and empty.
    expect(text).toContain('# TYPE skydeck_db_pool_connections gauge');
    expect(text).not.toMatch(/^skydeck_db_pool_connections\{/m);
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

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('MQTT metrics after real traffic', () => {
  const world = useSeededServer(pglite, {
    config: { mqttTcpPort: 0, simDrones: 1, metricsToken: METRICS_TOKEN },
    extensions: [realtimeExtension],
  });

  it('counts connections by kind, messages in and out by topic kind, and refusals by operation', async () => {
    const [aircraft] = await world.server.handle.db.query<{ device_sn: string }>(
      'select device_sn from devices where domain = 0 order by id limit 1',
    );
    if (aircraft === undefined) throw new Error('the simulator registered no aircraft');
    const console = await connectAsync(`${world.server.url.replace(/^http/, 'ws')}/mqtt`, {
      username: 'admin',
      password: world.s.admin,
      clientId: `${consoleClientIdPrefix('admin')}metrics`,
      reconnectPeriod: 0,
    });
    try {
      const heard = new Promise((resolve) => console.once('message', resolve));
      await console.subscribeAsync(thingTopic(aircraft.device_sn, 'osd'));
      await heard;
      // An aircraft no project holds: the broker refuses the subscription and keeps the link.
      const refused = await console
        .subscribeAsync(thingTopic('NOSUCHAIRCRAFT01', 'osd'))
        .then((grants) => grants.map((g) => g.qos))
        .catch(() => [128]);
      expect(refused).toEqual([128]);

      const text = (await get(world.server.url, '/metrics', METRICS_TOKEN)).text;
      // The simulated dock and its aircraft, ingestion's and the gateway's own links, this console.
      expect(sample(text, 'skydeck_mqtt_connections{kind="device"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'skydeck_mqtt_connections{kind="server"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'skydeck_mqtt_connections{kind="console"}')).toBe(1);
      expect(
        sample(text, 'skydeck_mqtt_messages_total{direction="in",kind="osd"}'),
      ).toBeGreaterThan(0);
      expect(
        sample(text, 'skydeck_mqtt_messages_total{direction="out",kind="osd"}'),
      ).toBeGreaterThan(0);
      expect(sample(text, 'skydeck_mqtt_refused_total{op="subscribe",kind="console"}')).toBe(1);
      expect(sample(text, 'skydeck_mqtt_refused_total{op="subscribe",kind="device"}')).toBe(0);
      expect(sample(text, 'skydeck_ingestion_received_total')).toBeGreaterThan(0);
    } finally {
      await console.endAsync();
    }
    // The console's departure is counted too.
    await expect
      .poll(async () =>
        sample(
          (await get(world.server.url, '/metrics', METRICS_TOKEN)).text,
          'skydeck_mqtt_connections{kind="console"}',
        ),
      )
      .toBe(0);
  });
});

const postgres = backends.find((b) => b.name === 'postgres');

describe.skipIf(postgres === undefined)('database pool metrics on PostgreSQL', () => {
  it('shows the pool’s connections, and how many queries waited for one', async () => {
    if (postgres === undefined) throw new Error('no PostgreSQL: the suite is skipped');
    const opened = await postgres.open();
    try {
      const metrics = new Metrics(opened.db);
      const db = metrics.timed(opened.db);
      // Ten transactions hold the pool's ten connections until released; two more queries wait.
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held = Array.from({ length: 10 }, () => db.tx(() => gate));
      const waiting = Promise.all([db.query('select 1'), db.query('select 2')]);
      // This family alone: the gauges that count rows would wait for a connection as well.
      const scrape = async (state: string) =>
        sample(
          await metrics.registry.getSingleMetricAsString('skydeck_db_pool_connections'),
          `skydeck_db_pool_connections{state="${state}"}`,
        );
      await expect.poll(() => scrape('waiting')).toBe(2);
      expect(await scrape('total')).toBe(10);
      expect(await scrape('idle')).toBe(0);
      release();
      await Promise.all([...held, waiting]);
      expect(await scrape('idle')).toBe(10);
      expect(await scrape('waiting')).toBe(0);
    } finally {
      await opened.db.close();
      await opened.dispose();
    }
  });

  it('answers a scrape while the pool is held, with the last counts and their age', async () => {
    if (postgres === undefined) throw new Error('no PostgreSQL: the suite is skipped');
    const opened = await postgres.open();
    try {
      await migrate(opened.db);
      // Patient while the pool is free (every count is read); impatient once it is held.
      let impatient = false;
      const metrics = new Metrics(opened.db, {
        patience: () => (impatient ? Promise.resolve() : new Promise<void>(() => undefined)),
      });
      const db = metrics.timed(opened.db);
      const before = await metrics.registry.metrics();
      expect(before).toMatch(/^skydeck_drc_sessions 0$/m);
      expect(sample(before, 'skydeck_db_figures_age_seconds')).toBeLessThan(1);

      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const held = Array.from({ length: 10 }, () => db.tx(() => gate));
      await expect
        .poll(async () =>
          sample(
            await metrics.registry.getSingleMetricAsString('skydeck_db_pool_connections'),
            'skydeck_db_pool_connections{state="idle"}',
          ),
        )
        .toBe(0);
      impatient = true;
      // Before, this scrape waited for a connection until the transactions ended.
      const during = await metrics.registry.metrics();
      expect(during).toMatch(/^skydeck_drc_sessions 0$/m);
      expect(during).toMatch(/^skydeck_db_figures_age_seconds \d/m);
      release();
      await Promise.all(held);
    } finally {
      await opened.db.close();
      await opened.dispose();
    }
  });
});

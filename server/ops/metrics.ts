/**
 * Prometheus metrics (prom-client) of one server instance: HTTP requests by route and status with
 * latency, database query latency and pool, MQTT traffic by topic kind, connections and refusals,
 * ingestion counters, lag and batch sizes, devices online by type, flight runs by state, DRC
 * sessions and Node's own metrics (event-loop lag included).
 * Each instance has its own registry, so several servers in one process (tests) never mix figures.
 * Gauges that count rows in the database read them when scraped, waiting a second at most: past
 * that a scrape shows the last counts and their age rather than timing out (see lastKnown.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/Db.ts';
import { lastKnown } from './lastKnown.ts';

/** HTTP latency buckets, s: a control room's API answers in milliseconds; uploads take seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Query latency buckets, s. */
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/**
 * Ingestion lag buckets, s: fine around the 100 ms a message may take to reach ingestion, and
 * through the second or two a batched write adds before it is stored.
 */
const LAG_BUCKETS = [
  0.002, 0.005, 0.01, 0.02, 0.035, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 5,
  10, 30, 60,
];

/** Rows per batched ingestion write: one track point per aircraft per second, up to a whole fleet. */
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000];

/** Where along ingestion a lag is observed (see `skydeck_ingestion_lag_seconds`). */
export type LagStage = 'received' | 'stored';
/** Records one device timestamp → `stage` lag, in seconds. */
export type LagObserver = (stage: LagStage, seconds: number) => void;
/** What ingestion writes in batches (see `skydeck_ingestion_batch_rows`). */
export type BatchKind = 'track' | 'events' | 'gas';

/** What ingestion tells the metrics: lags of messages, and the size of each batched write. */
export interface IngestionObserver {
  lag: LagObserver;
  batch(kind: BatchKind, rows: number): void;
}

/**
 * How long a scrape waits for the database's counts before it shows the last ones, ms: well inside
 * a scrape's usual 10 s timeout, long enough for a healthy database many times over.
 */
export const DB_PATIENCE_MS = 1000;

function waitDefault(): Promise<void> {
  return new Promise((resolve) => {
    // A scrape's wait must not keep a finished process alive.
    setTimeout(resolve, DB_PATIENCE_MS).unref();
  });
}

/** What the gauges of rows read from the database show. */
interface DbFigures {
  online: { type: string; n: number }[];
  runs: { state: string; n: number }[];
  drc: number;
}

/** The database's counts for the gauges, one statement after another on one connection at a time. */
async function readDbFigures(db: Db): Promise<DbFigures> {
  const online = await db.query<{ type: string; n: number }>(
    `select case when gateway_sn is null or gateway_sn = device_sn then 'gateway' else 'aircraft' end
       as type, count(*)::int as n from devices where online group by 1`,
  );
  const runs = await db.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from flight_task_executions group by state',
  );
  const [drc] = await db.query<{ n: number }>(
    'select count(*)::int as n from drc_sessions where expires_at > now()',
  );
  return { online, runs, drc: drc?.n ?? 0 };
}

/** Labels and value of one series of a family read when scraped. */
export type Reading = [labels: Record<string, string>, value: number];

/** One instance's metrics. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Histogram<'method' | 'route' | 'status'>;
  readonly dbQueries: Histogram<'kind'>;
  readonly mqttMessages: Counter<'direction' | 'kind'>;
  /** Device timestamp → ingestion, by stage; fed through {@link Metrics.ingestionObserver}. */
  readonly ingestionLag: Histogram<'stage'>;
  readonly ingestionBatches: Histogram<'kind'>;
  private readonly registers: Registry[];

  /**
   * `options.patience` resolves when a scrape stops waiting for the database's figures and shows
   * the last ones (default {@link DB_PATIENCE_MS}).
   */
  constructor(db: Db, { patience = waitDefault }: { patience?: () => Promise<void> } = {}) {
    const registers = [this.registry];
    this.registers = registers;
    collectDefaultMetrics({ register: this.registry, prefix: 'skydeck_' });
    this.httpRequests = new Histogram({
      name: 'skydeck_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status, with their latency',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.dbQueries = new Histogram({
      name: 'skydeck_db_query_duration_seconds',
      help: 'Database statements by kind (query, transaction) and their latency',
      labelNames: ['kind'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.mqttMessages = new Counter({
      name: 'skydeck_mqtt_messages_total',
      help: 'MQTT messages through the embedded broker by direction and topic kind',
      labelNames: ['direction', 'kind'],
      registers,
    });
    this.ingestionLag = new Histogram({
      name: 'skydeck_ingestion_lag_seconds',
      help: 'Device payload timestamp → ingestion handled the message (stage=received) or stored its track point or event (stage=stored)',
      labelNames: ['stage'],
      buckets: LAG_BUCKETS,
      registers,
    });
    this.ingestionBatches = new Histogram({
      name: 'skydeck_ingestion_batch_rows',
      help: 'Rows in each batched ingestion write, by what it stores (track points, device events, gas readings)',
      labelNames: ['kind'],
      buckets: BATCH_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'skydeck_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle) and queries waiting for one; none on PGlite',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        const pool = db.pool?.();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    // Rows counted by the database: read behind a last-known value, so that a scrape still answers
    // (with the figures of a moment ago, and their age) while a busy fleet holds the pool.
    const figures = lastKnown(() => readDbFigures(db), patience, Date.now);
    new Gauge({
      name: 'skydeck_devices_online',
      help: 'Registered devices online by type (gateway = dock or remote controller)',
      labelNames: ['type'],
      registers,
      async collect() {
        const read = await figures.get();
        this.reset();
        for (const r of read?.online ?? []) this.set({ type: r.type }, r.n);
      },
    });
    new Gauge({
      name: 'skydeck_task_runs',
      help: 'Flight task runs (executions) by state',
      labelNames: ['state'],
      registers,
      async collect() {
        const read = await figures.get();
        this.reset();
        for (const r of read?.runs ?? []) this.set({ state: r.state }, r.n);
      },
    });
    new Gauge({
      name: 'skydeck_drc_sessions',
      help: 'DRC (remote control) sessions held now',
      registers,
      async collect() {
        const read = await figures.get();
        this.set(read?.drc ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'skydeck_db_figures_age_seconds',
      help: 'Age of the figures counted in the database (devices online, task runs, DRC sessions): above zero when the database did not answer within the scrape’s wait and the last ones were shown; NaN before any answer',
      registers,
      async collect() {
        await figures.get();
        const at = figures.readAt;
        this.set(at === null ? Number.NaN : Math.max(0, (Date.now() - at) / 1000));
      },
    });
  }

  /** Ingestion's histograms as plain functions, their label children bound once (hot path). */
  ingestionObserver(): IngestionObserver {
    const received = this.ingestionLag.labels({ stage: 'received' });
    const stored = this.ingestionLag.labels({ stage: 'stored' });
    const batches = this.ingestionBatches;
    return {
      lag: (stage, seconds) => (stage === 'received' ? received : stored).observe(seconds),
      batch: (kind, rows) => batches.observe({ kind }, rows),
    };
  }

  /**
   * A family whose values are kept elsewhere (running totals of the broker and ingestion,
   * connections now) and read when scraped: a counter for totals that only grow, else a gauge.
   */
  readOnScrape(
    type: 'counter' | 'gauge',
    family: { name: string; help: string; labelNames?: string[] },
    read: () => Reading[],
  ): void {
    const options = { ...family, labelNames: family.labelNames ?? [], registers: this.registers };
    if (type === 'gauge')
      new Gauge({
        ...options,
        collect() {
          this.reset();
          for (const [labels, value] of read()) this.set(labels, value);
        },
      });
    else
      new Counter({
        ...options,
        collect() {
          this.reset();
          for (const [labels, value] of read()) this.inc(labels, value);
        },
      });
  }

  /** The database, with every statement timed into `skydeck_db_query_duration_seconds`. */
  timed(db: Db): Db {
    const histogram = this.dbQueries;
    const pool = db.pool?.bind(db);
    const timedDb: Db = {
      kind: db.kind,
      async query(sql, params) {
        const end = histogram.startTimer({ kind: 'query' });
        try {
          return await db.query(sql, params);
        } finally {
          end();
        }
      },
      exec: (sql) => db.exec(sql),
      async tx(work) {
        const end = histogram.startTimer({ kind: 'transaction' });
        try {
          return await db.tx(work);
        } finally {
          end();
        }
      },
      close: () => db.close(),
      ...(pool ? { pool } : {}),
    };
    return timedDb;
  }
}

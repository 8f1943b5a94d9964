import { writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginThrottle } from './auth/loginThrottle.ts';
import { resolveTokenSecret } from './auth/tokenSecret.ts';
import { TokenVersions } from './auth/tokenVersions.ts';
import { fastifyTrustProxy } from './auth/trustProxy.ts';
import type { Config } from './config.ts';
import { ensureWritableDataDir } from './dataDir.ts';
import type { Db } from './db/Db.ts';
import { migrate, pendingMigrations } from './db/migrate.ts';
import { createAirspaceState } from './airspace/airspaceState.ts';
import { createDeviceGateway } from './devices/gateway.ts';
import { startDrcRuntime } from './drc/drcRuntime.ts';
import { createGasState } from './gas/gasState.ts';
import { startModelDeploys } from './models/deployLink.ts';
import { openPglite } from './db/pgliteDb.ts';
import { openPgliteThread } from './db/pgliteThreadDb.ts';
import { openPostgres } from './db/postgresDb.ts';
import type { SeedResult } from './db/seed.ts';
import { seedIfEmpty } from './db/seed.ts';
import { installAccessHook } from './http/accessHook.ts';
import { clientErrorHandler, frameworkErrors } from './http/clientErrors.ts';
import { registerApiDocs } from './http/apiDocs.ts';
import type { AppDeps } from './http/context.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import { registerRoutes } from './http/registerRoutes.ts';
import { serveConsole } from './http/staticConsole.ts';
import { registerOpsRoutes } from './http/ops/opsRoutes.ts';
import { Health } from './ops/health.ts';
import { logFormat, logTransport } from './ops/logOutput.ts';
import { Metrics } from './ops/metrics.ts';
import type { Log } from './runtime/log.ts';
import { logContextFields, withLogContext } from './runtime/logContext.ts';
import { Slot } from './runtime/slot.ts';
import { realScheduler } from './runtime/scheduler.ts';
import type { Scheduler } from './runtime/scheduler.ts';
import { createNotifier } from './notifications/notificationService.ts';
import { holdDataDir, runningServer } from './ops/serverLock.ts';
import { openStore } from './storage/openStore.ts';
import { guardedValidatorCompiler } from './http/validator.ts';
import { PrincipalEvents } from './principalEvents.ts';
import { REPO_ROOT } from './repoRoot.ts';
import { simulatorHooks } from './sim/simulatorHooks.ts';
import { databaseError, listenError, StartupError } from './startupError.ts';

export type { AppDeps } from './http/context.ts';

/** Extra Fastify plugins (the MQTT broker, later modules) registered after the core, before `listen`. */
export type SkydeckExtension = FastifyPluginAsync<{ deps: AppDeps }>;

export interface BuildOptions {
  /** Folder of the built console; default `<repo>/dist`. */
  distDir?: string;
  extensions?: readonly SkydeckExtension[];
}

/** A running Skydeck server. */
export interface SkydeckHandle {
  url: string;
  port: number;
  app: FastifyInstance;
  /** The Node HTTP server (for WebSocket upgrades such as MQTT over `/mqtt`). */
  server: Server;
  db: Db;
  config: Config;
  deps: AppDeps;
  /** Set on the first start of an empty database: the demo accounts and their passwords. */
  seeded: SeedResult | null;
  /** Where the generated passwords were written, when they were. */
  passwordFile: string | null;
  close(): Promise<void>;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** The app's logger as the long-running services take it. */
function logOf(app: FastifyInstance): Log {
  return {
    info: (msg) => app.log.info(msg),
    warn: (msg) => app.log.warn(msg),
    error: (msg) => app.log.error(msg),
  };
}

/** Builds the Fastify app over an open, migrated database, without listening. */
export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // `request.ip` (audit rows, sign-in throttle) is the client behind these proxies, if any.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // Refusals before routing (oversized headers, undecodable URLs) answer in the envelope too.
    clientErrorHandler,
    frameworkErrors,
    logger: {
      ...logTransport(logFormat(deps.config.logFormat, process.stdout.isTTY)),
      level: deps.config.logLevel,
      // Each line names the request or device message whose work wrote it (see logContext.ts).
      mixin: logContextFields,
      // Request logs carry method, URL and address only; these keep credentials out if that changes.
      redact: [
        'req.headers.authorization',
        'req.body.password',
        'req.body.old_password',
        'req.body.new_password',
      ],
    },
  }).withTypeProvider<ZodTypeProvider>();
  // First of the hooks: everything the request starts, device calls included, carries its id.
  app.addHook('onRequest', (request, _reply, done) => {
    withLogContext({ reqId: request.id }, done);
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const fallback = await serveConsole(app, options.distDir ?? join(REPO_ROOT, 'dist'));
  installErrorHandler(app, fallback);
  installAccessHook(app, deps);
  registerOpsRoutes(app, deps);
  await registerApiDocs(app);
  // Services that outlive a request start here, before the routes that use them.
  startDrcRuntime(app, deps, logOf(app));
  startModelDeploys(deps.devices, deps, logOf(app));
  registerRoutes(app, deps);
  for (const extension of options.extensions ?? []) await app.register(extension, { deps });
  return app;
}

async function openDatabase(config: Config, inMemory: boolean): Promise<Db> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl);
    } catch (error) {
      throw databaseError(error, config.databaseUrl);
    }
  }
  const dir = inMemory ? undefined : join(config.dataDir, 'db');
  try {
    // On disk (what `npm start` runs) PGlite gets its own thread, so its synchronous WASM work never
    // holds up MQTT delivery; the in-memory databases of tests stay in-process.
    return dir === undefined ? await openPglite(undefined) : await openPgliteThread(dir);
  } catch (error) {
    throw new StartupError(
      'DATA_DIR',
      `cannot open the embedded database in ${dir ?? 'memory'}: check DATA_DIR`,
      { cause: error },
    );
  }
}

async function writePasswordFile(config: Config, seeded: SeedResult): Promise<string> {
  const file = join(config.dataDir, 'initial-admin-password');
  const lines = seeded.accounts.map((a) => `${a.username}\t${a.password}\t(${a.role})`);
  await writeFile(
    file,
    `# Skydeck demo accounts: username, password, role\n${lines.join('\n')}\n`,
    { mode: 0o600 },
  );
  return file;
}

export interface CreateOptions extends BuildOptions {
  /** Use this database instead of opening one (tests); it is closed with the handle. */
  db?: Db;
  /** PGlite in memory and no files under `DATA_DIR` (tests). */
  inMemory?: boolean;
  throttle?: LoginThrottle;
  /** The clock of notification retries, rate limits and quiet hours (tests pass a manual one). */
  notifierScheduler?: Scheduler;
}

/** Opens and migrates the database, seeds an empty one, builds the app and listens. */
export async function createSkydeck(
  config: Config,
  options: CreateOptions = {},
): Promise<SkydeckHandle> {
  const inMemory = options.inMemory ?? false;
  if (!inMemory) await ensureWritableDataDir(config.dataDir);
  const other = inMemory ? null : await runningServer(config.dataDir);
  if (other !== null)
    throw new StartupError(
      'DATA_DIR',
      `another Skydeck (pid ${String(other)}) is running on ${config.dataDir}: stop it or choose another DATA_DIR`,
    );
  const release = inMemory ? () => Promise.resolve() : await holdDataDir(config.dataDir);
  const db = options.db ?? (await openDatabase(config, inMemory));
  try {
    await migrate(db);
    const seeded = await seedIfEmpty(db, config.adminPassword);
    const passwordFile =
      seeded?.generated && !inMemory ? await writePasswordFile(config, seeded) : null;
    const tokenSecret = await resolveTokenSecret(
      config.tokenSecret,
      inMemory ? undefined : config.dataDir,
    );
    const events = new PrincipalEvents();
    const health = new Health();
    health.register('database', async () => {
      await db.query('select 1');
      return { ok: true, detail: db.kind };
    });
    health.register('migrations', async () => {
      const pending = await pendingMigrations(db);
      return pending.length === 0
        ? { ok: true }
        : { ok: false, detail: `not applied: ${pending.join(', ')}` };
    });
    const metrics = config.metricsToken === undefined ? null : new Metrics(db);
    const appDb = metrics?.timed(db) ?? db;
    // The gateway exists before the app so features can register on it; it logs through the app's
    // logger once there is one, and the realtime extension opens it once the broker is up.
    let appLog: Log | null = null;
    const devices = createDeviceGateway({
      log: {
        info: (msg) => appLog?.info(msg),
        warn: (msg) => appLog?.warn(msg),
        error: (msg) => appLog?.error(msg),
      },
    });
    const storage = openStore(config, inMemory);
    const simulator = simulatorHooks(config);
    const deps: AppDeps = {
      db: appDb,
      health,
      metrics,
      config,
      tokenSecret,
      throttle: options.throttle ?? new LoginThrottle(),
      events,
      tokenVersions: new TokenVersions(db).follow(events),
      storage,
      notifier: createNotifier({
        db: appDb,
        scheduler: options.notifierScheduler ?? realScheduler,
      }),
      devices,
      simulator,
      tasks: new Slot(),
      drc: new Slot(),
      // Made here, once per app, and handed to both the routes and ingestion: what one side learns
      // (a threshold saved, a dock's report, a reading's position) the other sees.
      aiAlarms: { storage, renderSnapshot: simulator.renderSnapshot },
      airspace: createAirspaceState(),
      gas: createGasState(),
    };
    const app = await buildApp(deps, options);
    appLog = logOf(app);
    // The realtime extension closes the gateway before its broker; without one it never opened.
    app.addHook('onClose', () => devices.close());
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close();
      throw listenError(error, config.host, config.port);
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const close = async () => {
      await app.close();
      await db.close();
      await release();
    };
    return {
      url: `http://${shownHost}:${port}`,
      port,
      app,
      server: app.server,
      db,
      config,
      deps,
      seeded,
      passwordFile,
      close,
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    await release();
    throw error;
  }
}

import type { Health } from '../ops/health.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LoginThrottle } from '../auth/loginThrottle.ts';
import type { TokenVersions } from '../auth/tokenVersions.ts';
import type { AiAlarmContext } from '../ai/aiAlarmContext.ts';
import type { AirspaceState } from '../airspace/airspaceState.ts';
import type { Config } from '../config.ts';
import type { DrcService } from '../drc/drcService.ts';
import type { GasState } from '../gas/gasState.ts';
import type { PrincipalEvents } from '../principalEvents.ts';
import type { Db } from '../db/Db.ts';
import type { DeviceGateway } from '../devices/DeviceGateway.ts';
import type { SimulatorHooks } from '../devices/simulatorHooks.ts';
import type { Slot } from '../runtime/slot.ts';
import type { TaskEngine } from '../tasks/taskEngine.ts';
import type { NotificationService } from '../notifications/notificationService.ts';
import type { ObjectStore } from '../storage/ObjectStore.ts';
import type { Caller } from './caller.ts';

/**
 * Who may call a route: `public`, any `signed-in` user, or the holders of a code — a page's menu name
 * for its read routes (`device`), a button's permission code for writes (`device:add`).
 */
export type Access = 'public' | 'signed-in' | (string & {});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** What every route module gets. */
export interface AppDeps {
  db: Db;
  config: Config;
  tokenSecret: string;
  throttle: LoginThrottle;
  /** Whether an access token is still current (not ended by a password change, disable, …). */
  tokenVersions: TokenVersions;
  /** Changes to users, roles, devices and projects that open broker sessions must follow. */
  events: PrincipalEvents;
  /** Files: wayline KMZs, later media (embedded under `DATA_DIR/media`, or S3). */
  storage: ObjectStore;
  /** Readiness checks the parts of the server register, and whether it is draining. */
  health: Health;
  /** Prometheus metrics; null when `METRICS_TOKEN` is unset (nothing is measured then). */
  metrics: Metrics | null;
  /** Events to the projects' notification rules and channels (webhooks, e-mail, chat robots). */
  notifier: NotificationService;
  /** The one door to the devices: services, events, requests (opened by the realtime extension). */
  devices: DeviceGateway;
  /** What the built-in simulator lends the server (simulated aircraft, snapshots, test delays). */
  simulator: SimulatorHooks;
  /** The running flight-task engine, once the realtime extension has started it. */
  tasks: Slot<TaskEngine>;
  /** The DRC service, once the composition root has started it (before the routes). */
  drc: Slot<DrcService>;
  /** Where AI alarms' snapshots go: the same for ingestion and the routes that serve them. */
  aiAlarms: AiAlarmContext;
  /** Airspace's memory: the dock link, latest distances, file rebuilds, held proximity alarms. */
  airspace: AirspaceState;
  /** Gas's memory, filled by ingestion and read by the routes: counts, caches, crossing states. */
  gas: GasState;
}

/** The Fastify instance with zod schemas as the type provider. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request's caller; routes declared with an access other than `public` always have one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`route ${request.url} used callerOf without access`);
  return request.caller;
}

import { resolve } from 'node:path';
import { parseTrustProxy } from './auth/trustProxy.ts';
import type { TrustProxy } from './auth/trustProxy.ts';
import { BASEMAP_IDS, isBasemapId, isTileTemplate } from '../protocol/map.ts';
import type { BasemapId, MapConfig } from '../protocol/map.ts';
import { parseAllowHosts } from './notifications/egress.ts';
import { s3Config } from './storage/s3Config.ts';
import type { S3Config } from './storage/s3Config.ts';

/** Everything the server reads from its environment, parsed and defaulted once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** The demo accounts' password; 6–12 characters like every console password. */
  adminPassword: string | undefined;
  /** Unset: generated once and kept in `dataDir/token-secret` (see `server/auth/tokenSecret.ts`). */
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  logLevel: LogLevel;
  /** `LOG_FORMAT`: `json` or `pretty`; unset → pretty on a terminal, JSON elsewhere. */
  logFormat: 'json' | 'pretty' | undefined;
  mqttTcpPort: number;
  mqttUrl: string | undefined;
  mqttWsUrl: string | undefined;
  /** Shared secret an external broker (EMQX) sends to `/api/mqtt/auth|acl`; unset turns them off. */
  mqttHookSecret: string | undefined;
  /** `TRUST_PROXY`: reverse proxies whose `X-Forwarded-For` names the client (audit, throttles). */
  trustProxy: TrustProxy;
  /**
   * Administrator of an external Mosquitto's dynamic-security plugin (with `MQTT_URL`): Skydeck then
   * manages the broker's device and server accounts. Unset: the broker's accounts are not touched.
   */
  mqttDynsec: { username: string; password: string } | undefined;
  /** Answers of the devices' `config` request (NTP host, the app's id/key/licence); empty when unset. */
  deviceConfig: { ntpServerHost: string; appId: string; appKey: string; appLicense: string };
  simDrones: number;
  simCenter: { lat: number; lng: number };
  simSeed: number;
  simOsdHz: number;
  /** Simulated aircraft fly patrols of their own between tasks (off: they wait in the dock). */
  simPatrols: boolean;
  /** Mean seconds between AI detections of a simulated aircraft on patrol. */
  simDetectionS: number;
  /**
   * `SIM_TIME_SCALE`: simulated seconds per wall-clock second for flight, battery, wind, sensors and
   * camera (1 = real time). Tests fly long missions at ×10–×50; clocks and timestamps stay real.
   */
  simTimeScale: number;
  /** The basemap presets' settings, handed to the console by `GET /api/map/config`. */
  basemaps: MapConfig;
  /** `SKIP_CONSOLE_BUILD=1`: `npm start` serves whatever `dist/` holds (API-only hosts, tests). */
  skipConsoleBuild: boolean;
  /** `HMS_TEXT_FILE`: the operator's HMS text table (JSON); unset → the console's own wording only. */
  hmsTextFile: string | undefined;
  /** `PUBLIC_URL`: how docks reach this server's HTTP port (task files); unset → the listen address. */
  publicUrl: string | undefined;
  /** `TASK_MIN_BATTERY`: aircraft battery below which a flight is refused before dispatch, %. */
  taskMinBattery: number;
  /** `TASK_SILENCE_S`: a flight whose dock says nothing about it this long is failed, s. */
  taskSilenceSeconds: number;
  /** `S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY`, `S3_SECRET_KEY`, `S3_REGION`: files in S3; unset → `DATA_DIR/media`. */
  s3: S3Config | undefined;
  /** `DRC_TEST_HOOKS=1`: the test-only DRC latency injection route (`/api/drc/test/delay`); off by default. */
  drcTestHooks: boolean;
  /** `METRICS_TOKEN`: the bearer token `GET /metrics` asks for; unset turns the endpoint off. */
  metricsToken: string | undefined;
  /** `LIVE_URL_TEMPLATE`: `<kind>:<url>` play URL of real streams (see server/video/playUrl.ts); unset → embedded ws-jpeg. */
  liveUrlTemplate: string | undefined;
  /**
   * Where notification channels may send besides public addresses (see server/notifications/egress.ts):
   * `NOTIFY_ALLOW_PRIVATE=1` allows every address; `NOTIFY_ALLOW_HOSTS` lists host names, addresses
   * and subnets allowed even when they are private or loopback.
   */
  notifyEgress: { allowPrivate: boolean; allowHosts: string[] };
  /** `SHUTDOWN_TIMEOUT_MS`: how long a stop on SIGTERM may take before the process exits non-zero, ms. */
  shutdownTimeoutMs: number;
  /**
   * `WS_CLOSE_GRACE_MS`: how long a stop waits for a browser to answer its WebSocket "going away"
   * close before cutting the socket, ms.
   */
  wsCloseGraceMs: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SEVEN_DAYS_S = 7 * 24 * 3600;

/** A setting that cannot be used; `variable` names the environment variable to change. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[]): T | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  if (!(values as readonly string[]).includes(raw))
    throw new ConfigError(name, `expected one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

function positive(env: Env, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new ConfigError(name, `expected a positive number, got "${raw}"`);
  return value;
}

function url(env: Env, name: string, schemes: readonly string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `not a URL: "${raw}"`);
  }
  if (!schemes.includes(parsed.protocol.replace(/:$/, '')))
    throw new ConfigError(name, `expected one of ${schemes.join(', ')} URLs, got "${raw}"`);
  return raw;
}

function logLevel(env: Env): LogLevel {
  const raw = text(env, 'LOG_LEVEL') ?? 'info';
  const found = LOG_LEVELS.find((level) => level === raw);
  if (!found) throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  return found;
}

function simCenter(env: Env): { lat: number; lng: number } {
  const raw = text(env, 'SIM_CENTER') ?? '22.54,113.95';
  const parts = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [lat = NaN, lng = NaN] = parts;
  if (parts.length !== 2 || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180))
    throw new ConfigError('SIM_CENTER', `expected "latitude,longitude", got "${raw}"`);
  return { lat, lng };
}

function secret(env: Env, name: string, min: number, max: number): string | undefined {
  const value = text(env, name);
  if (value !== undefined && (value.length < min || value.length > max))
    throw new ConfigError(name, `must be ${min} to ${max} characters long`);
  return value;
}

function tileTemplate(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== undefined && !isTileTemplate(raw))
    throw new ConfigError(name, `expected an http(s) tile URL with {z}, {x} and {y}, got "${raw}"`);
  return raw ?? null;
}

function basemapId(env: Env): BasemapId | null {
  const raw = text(env, 'MAP_DEFAULT_BASEMAP');
  if (raw === undefined) return null;
  if (!isBasemapId(raw))
    throw new ConfigError('MAP_DEFAULT_BASEMAP', `expected one of ${BASEMAP_IDS.join(', ')}`);
  return raw;
}

function basemaps(env: Env): MapConfig {
  return {
    styleUrl: url(env, 'MAP_STYLE_URL', ['http', 'https']) ?? null,
    tileUrl: tileTemplate(env, 'MAP_TILE_URL'),
    tileAttribution: text(env, 'MAP_TILE_ATTRIBUTION') ?? null,
    tiandituKey: secret(env, 'TIANDITU_KEY', 8, 128) ?? null,
    amapTileUrl: tileTemplate(env, 'AMAP_TILE_URL'),
    amapSatelliteUrl: tileTemplate(env, 'AMAP_SATELLITE_URL'),
    defaultBasemap: basemapId(env),
  };
}

function trustProxy(env: Env): TrustProxy {
  const parsed = parseTrustProxy(env.TRUST_PROXY);
  if (typeof parsed === 'object' && !Array.isArray(parsed))
    throw new ConfigError('TRUST_PROXY', parsed.error);
  return parsed;
}

function flag(env: Env, name: string, fallback = false): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(name, `expected 1 or 0, got "${raw}"`);
}

function dynsecAdmin(env: Env): Config['mqttDynsec'] {
  const username = text(env, 'MQTT_DYNSEC_USERNAME');
  const password = text(env, 'MQTT_DYNSEC_PASSWORD');
  if (username === undefined && password === undefined) return undefined;
  if (username === undefined || password === undefined)
    throw new ConfigError(
      username === undefined ? 'MQTT_DYNSEC_USERNAME' : 'MQTT_DYNSEC_PASSWORD',
      'set both MQTT_DYNSEC_USERNAME and MQTT_DYNSEC_PASSWORD, or neither',
    );
  if (text(env, 'MQTT_URL') === undefined)
    throw new ConfigError('MQTT_DYNSEC_USERNAME', 'needs MQTT_URL (the Mosquitto to manage)');
  return { username, password };
}

function notifyEgress(env: Env): Config['notifyEgress'] {
  const allowHosts = parseAllowHosts(env.NOTIFY_ALLOW_HOSTS);
  if (!Array.isArray(allowHosts)) throw new ConfigError('NOTIFY_ALLOW_HOSTS', allowHosts.error);
  return { allowPrivate: flag(env, 'NOTIFY_ALLOW_PRIVATE'), allowHosts };
}

/** Reads the configuration from `env` (default: `process.env`); a bad value throws `ConfigError`. */
export function loadConfig(env: Env = process.env): Config {
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    adminPassword: secret(env, 'ADMIN_PASSWORD', 6, 12),
    tokenSecret: secret(env, 'TOKEN_SECRET', 32, 1024),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL', 900, 10, SEVEN_DAYS_S),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL', SEVEN_DAYS_S, 60, 365 * 24 * 3600),
    logLevel: logLevel(env),
    logFormat: oneOf(env, 'LOG_FORMAT', ['json', 'pretty']),
    mqttTcpPort: integer(env, 'MQTT_TCP_PORT', 1883, 0, 65535),
    mqttUrl: url(env, 'MQTT_URL', ['mqtt', 'mqtts', 'tcp', 'tls', 'ws', 'wss']),
    mqttWsUrl: url(env, 'MQTT_WS_URL', ['ws', 'wss']),
    mqttHookSecret: secret(env, 'MQTT_HOOK_SECRET', 16, 1024),
    trustProxy: trustProxy(env),
    mqttDynsec: dynsecAdmin(env),
    deviceConfig: {
      ntpServerHost: text(env, 'NTP_SERVER_HOST') ?? '',
      appId: text(env, 'DJI_APP_ID') ?? '',
      appKey: text(env, 'DJI_APP_KEY') ?? '',
      appLicense: text(env, 'DJI_APP_LICENSE') ?? '',
    },
    simDrones: integer(env, 'SIM_DRONES', 12, 0, 10_000),
    simCenter: simCenter(env),
    simSeed: integer(env, 'SIM_SEED', 1, -2_147_483_648, 2_147_483_647),
    simOsdHz: positive(env, 'SIM_OSD_HZ', 2),
    simPatrols: flag(env, 'SIM_PATROLS', true),
    simDetectionS: positive(env, 'SIM_DETECTION_S', 300),
    simTimeScale: integer(env, 'SIM_TIME_SCALE', 1, 1, 100),
    basemaps: basemaps(env),
    skipConsoleBuild: flag(env, 'SKIP_CONSOLE_BUILD'),
    hmsTextFile: text(env, 'HMS_TEXT_FILE'),
    publicUrl: url(env, 'PUBLIC_URL', ['http', 'https']),
    drcTestHooks: flag(env, 'DRC_TEST_HOOKS'),
    metricsToken: secret(env, 'METRICS_TOKEN', 16, 1024),
    liveUrlTemplate: text(env, 'LIVE_URL_TEMPLATE'),
    taskMinBattery: integer(env, 'TASK_MIN_BATTERY', 30, 0, 100),
    taskSilenceSeconds: integer(env, 'TASK_SILENCE_S', 60, 5, 3600),
    s3: s3Config(env, (variable, detail) => new ConfigError(variable, detail)),
    notifyEgress: notifyEgress(env),
    // Orchestrators kill after their own grace period (Kubernetes: 30 s); stay well inside it.
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    // A browser answers a close frame within milliseconds; one that does not (a frozen tab, a
    // half-open connection) must not hold the stop for the whole shutdown limit.
    wsCloseGraceMs: integer(env, 'WS_CLOSE_GRACE_MS', 1_000, 0, 60_000),
  };
}

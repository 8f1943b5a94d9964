/**
 * Minimal rows for the broker and ingestion tests (per 0001_foundation.sql): an organisation with two
 * projects, an operator and a viewer in the first, an operator in the second; plus a stub access-token
 * signer with the server's claim names, and an embedded broker on free ports.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pgliteDb.ts';
import { pgliteTemplate } from './helpers/pgliteTemplate.ts';
import { createBrokerAuth } from '../../server/mqtt/brokerAuth.ts';
import type { AccessClaims, BrokerAuth } from '../../server/mqtt/brokerAuth.ts';
import { startEmbeddedBroker } from '../../server/mqtt/embeddedBroker.ts';
import type { EmbeddedBroker } from '../../server/mqtt/embeddedBroker.ts';
import { createGasState } from '../../server/gas/gasState.ts';
import { startIngestion } from '../../server/mqtt/ingestion.ts';
import type { Ingestion, IngestionOptions } from '../../server/mqtt/ingestion.ts';
import type { Log } from '../../server/runtime/log.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';

const SIGNING_KEY = new TextEncoder().encode('test-signing-key-of-at-least-32-bytes!');
export const SERVER_SECRET = 'internal-test-secret';
export const SIM_KEY = 'test-sim-key';

export interface Fixture {
  db: Db;
  projectA: number;
  projectB: number;
  users: Record<
    'alice' | 'victor' | 'bob' | 'ada',
    { id: number; roleId: number; workspaceId: number }
  >;
}

/** Signs an access token the way the server's tokens module does (HS256, sub/rid/wid/typ). */
export async function accessToken(
  user: { id: number; roleId: number; workspaceId: number },
  expiresIn: string | number = '10m',
) {
  return new SignJWT({ rid: user.roleId, wid: user.workspaceId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setExpirationTime(expiresIn)
    .sign(SIGNING_KEY);
}

/** Verifies a token signed by `accessToken`; null for anything else. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, SIGNING_KEY);
    if (payload.typ !== 'access') return null;
    return {
      userId: Number(payload.sub),
      roleId: Number(payload.rid),
      workspaceId: Number(payload.wid),
    };
  } catch {
    return null;
  }
}

async function insertId(db: Db, sql: string, params: unknown[]): Promise<number> {
  const rows = await db.query<{ id: number }>(`${sql} returning id`, params);
  return rows[0]?.id ?? -1;
}

/** Opens PGlite in memory, migrates, and inserts the fixture rows. */
export async function openFixture(): Promise<Fixture> {
  // From the migrated template (see `pgliteTemplate`); `migrate` then finds nothing to do.
  const db = await openPglite(undefined, await pgliteTemplate());
  await migrate(db);
  const org = await insertId(db, "insert into workspaces (name, mold_id) values ('Org', 1)", []);
  const projectA = await insertId(
    db,
    "insert into workspaces (parent_id, name) values ($1, '深圳湾巡检')",
    [org],
  );
  const projectB = await insertId(
    db,
    "insert into workspaces (parent_id, name) values ($1, 'Other')",
    [org],
  );
  const control = await insertId(
    db,
    "insert into menus (name, kind, perms) values ('control', 'button', 'device:control')",
    [],
  );
  const operator = await insertId(
    db,
    "insert into roles (workspace_id, name) values ($1, 'operator')",
    [org],
  );
  const viewer = await insertId(
    db,
    "insert into roles (workspace_id, name) values ($1, 'viewer')",
    [org],
  );
  // An all-access role (like the seeded admin) holds every permission without listing menus.
  const admin = await insertId(
    db,
    "insert into roles (workspace_id, name, all_access) values ($1, 'admin', true)",
    [org],
  );
  // A page that shows telemetry: without one a role may not watch devices over the broker.
  const workbench = await insertId(
    db,
    "insert into menus (name, kind, path) values ('workbench', 'menu', '/dashboard')",
    [],
  );
  await db.query('insert into role_menus (role_id, menu_id) values ($1, $2)', [operator, control]);
  await db.query('insert into role_menus (role_id, menu_id) values ($1, $2), ($3, $2)', [
    operator,
    workbench,
    viewer,
  ]);
  const user = async (name: string, roleId: number, workspaceId: number) => ({
    id: await insertId(
      db,
      "insert into users (username, password_hash, role_id, workspace_id) values ($1, 'x', $2, $3)",
      [name, roleId, workspaceId],
    ),
    roleId,
    workspaceId,
  });
  const users = {
    alice: await user('alice', operator, projectA),
    victor: await user('victor', viewer, projectA),
    bob: await user('bob', operator, projectB),
    ada: await user('ada', admin, org),
  };
  return { db, projectA, projectB, users };
}

/** Registers the simulator's fleet of `drones` aircraft and their docks in project A. */
export async function registerTestFleet(fx: Fixture, drones: number): Promise<void> {
  const fleet = buildFleet({ drones, seed: 1, center: DEFAULT_CENTER });
  await registerSimFleet(fx.db, fx.projectA, fleet, SIM_KEY);
}

/** Resolves when the broker (or the client itself) closes `client`'s connection. */
export const whenClosed = (client: { once(event: 'close', listener: () => void): unknown }) =>
  new Promise<void>((resolve) => client.once('close', () => resolve()));

/** A logger that keeps its lines for assertions. */
export function recordingLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  const push = (msg: string) => void lines.push(msg);
  return { lines, info: push, warn: push, error: push };
}

export interface BrokerHarness {
  auth: BrokerAuth;
  broker: EmbeddedBroker;
  http: Server;
  tcpUrl: string;
  wsUrl: string;
  close(): Promise<void>;
}

/** Starts an HTTP server and the embedded broker on free ports. */
export async function startBroker(db: Db, log: Log): Promise<BrokerHarness> {
  const http = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const httpPort = typeof address === 'object' && address ? address.port : 0;
  const auth = createBrokerAuth({ db, log, verifyAccessToken, serverSecret: SERVER_SECRET });
  const broker = await startEmbeddedBroker({
    log,
    auth,
    tcpPort: 0,
    tcpHost: '127.0.0.1',
    httpServer: http,
  });
  return {
    auth,
    broker,
    http,
    tcpUrl: `mqtt://127.0.0.1:${broker.tcpPort ?? 0}`,
    wsUrl: `ws://127.0.0.1:${httpPort}/mqtt`,
    async close() {
      await broker.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * The server's own ingestion on the embedded broker, unshared, with `extra` options on top; without
 * an app around it, it keeps a gas state of its own and stores AI alarms without snapshots.
 */
export function startTestIngestion(
  fx: Fixture,
  harness: BrokerHarness,
  log: Log,
  extra: Partial<IngestionOptions> = {},
): Promise<Ingestion> {
  return startIngestion({
    db: fx.db,
    log,
    url: harness.tcpUrl,
    username: 'skydeck-server',
    password: SERVER_SECRET,
    shared: false,
    gas: createGasState(),
    aiAlarms: null,
    ...extra,
  });
}

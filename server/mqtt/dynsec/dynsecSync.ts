/**
 * Keeps an external Mosquitto's dynamic-security plugin in step with Skydeck: one account per
 * registered device (username and client id = serial number, password = its secret) with a role
 * holding that device's topics and those of the children it announced; an account for the server's
 * own clients; and nothing else that Skydeck created. Runs at start, on every device change and on
 * every `update_topo` a gateway sends.
 */
import type { Db } from '../../db/Db.ts';
import { registeredIn } from '../authQueries.ts';
import { deviceSecretOf } from '../deviceSecrets.ts';
import type { Log } from '../log.ts';
import {
  childAcls,
  deviceAcls,
  deviceRole,
  MANAGED_TEXT,
  SERVER_ACLS,
  SERVER_ROLE,
} from './dynsecAcls.ts';
import type { DynsecClient, DynsecCommand } from './dynsecClient.ts';

export interface DynsecSyncOptions {
  db: Db;
  log: Log;
  client: DynsecClient;
  /** Opens the sealed device secrets (deviceSecrets.ts). */
  tokenSecret: string;
  serverUsername: string;
  serverPassword: string;
}

export interface DynsecSync {
  /** Creates the server's account and reconciles every device. */
  start(): Promise<void>;
  /** A device was added, edited or deleted. */
  deviceChanged(sn: string): Promise<void>;
  /** A gateway announced its children. */
  topology(gatewaySn: string, children: readonly string[]): Promise<void>;
}

interface DeviceRow {
  device_sn: string;
  workspace_id: number;
  gateway_sn: string | null;
}

/** Errors that only say the wanted state is already there. */
const HARMLESS = /already exists|not found|does not exist/i;

/** Creates the sync; call `start` once the plugin is reachable. */
export function createDynsecSync(options: DynsecSyncOptions): DynsecSync {
  const { db, log, client } = options;
  /** Children whose ACLs each gateway's role holds. */
  const children = new Map<string, Set<string>>();

  async function run(commands: DynsecCommand[]): Promise<void> {
    if (commands.length === 0) return;
    const answers = await client.send(commands);
    for (const a of answers)
      if (a.error && !HARMLESS.test(a.error))
        log.warn(`mosquitto dynamic security: ${a.command} failed: ${a.error}`);
  }

  async function managedUsernames(): Promise<Set<string>> {
    const [answer] = await client.send([
      { command: 'listClients', verbose: true, count: -1, offset: 0 },
    ]);
    const list = (answer?.data?.clients ?? []) as { username: string; textname?: string }[];
    return new Set(list.filter((c) => c.textname === MANAGED_TEXT).map((c) => c.username));
  }

  async function device(sn: string): Promise<DeviceRow | undefined> {
    const rows = await db.query<DeviceRow>(
      'select device_sn, workspace_id, gateway_sn from devices where device_sn = $1',
      [sn],
    );
    return rows[0];
  }

  async function childrenInDb(sn: string): Promise<string[]> {
    const rows = await db.query<{ device_sn: string }>(
      'select device_sn from devices where gateway_sn = $1',
      [sn],
    );
    return rows.map((r) => r.device_sn);
  }

  /** Creates (or completes) the account of a registered device whose secret is known. */
  async function ensureDevice(sn: string, exists: boolean): Promise<void> {
    const secret = await deviceSecretOf(db, options.tokenSecret, sn);
    if (secret === undefined) return;
    const kids = await childrenInDb(sn);
    children.set(sn, new Set(kids));
    const rolename = deviceRole(sn);
    const acls = deviceAcls(sn, kids);
    if (exists) {
      await run(acls.map((acl) => ({ command: 'addRoleACL', rolename, ...acl })));
      return;
    }
    await run([
      { command: 'createRole', rolename, textname: MANAGED_TEXT, acls },
      {
        command: 'createClient',
        username: sn,
        password: secret,
        clientid: sn,
        textname: MANAGED_TEXT,
        roles: [{ rolename }],
      },
    ]);
  }

  async function removeDevice(sn: string): Promise<void> {
    children.delete(sn);
    await run([
      { command: 'deleteClient', username: sn },
      { command: 'deleteRole', rolename: deviceRole(sn) },
    ]);
    await db.query('delete from device_broker_secrets where device_sn = $1', [sn]);
  }

  async function setChildren(gatewaySn: string, next: readonly string[]): Promise<void> {
    const before = children.get(gatewaySn) ?? new Set<string>();
    const rolename = deviceRole(gatewaySn);
    const added = next.filter((c) => !before.has(c));
    const dropped = [...before].filter((c) => !next.includes(c));
    await run([
      ...added.flatMap(childAcls).map((acl) => ({ command: 'addRoleACL', rolename, ...acl })),
      ...dropped.flatMap(childAcls).map((acl) => ({
        command: 'removeRoleACL',
        rolename,
        acltype: acl.acltype,
        topic: acl.topic,
      })),
    ]);
    children.set(gatewaySn, new Set(next));
  }

  async function ensureServer(): Promise<void> {
    const { serverUsername: username, serverPassword: password } = options;
    await run([
      { command: 'createRole', rolename: SERVER_ROLE, textname: MANAGED_TEXT, acls: SERVER_ACLS },
      {
        command: 'createClient',
        username,
        password,
        textname: MANAGED_TEXT,
        roles: [{ rolename: SERVER_ROLE }],
      },
      // An account left from an earlier start may carry an old password.
      { command: 'setClientPassword', username, password },
    ]);
  }

  return {
    async start() {
      await ensureServer();
      const managed = await managedUsernames();
      const rows = await db.query<{ device_sn: string }>('select device_sn from devices');
      const registered = new Set(rows.map((r) => r.device_sn));
      for (const sn of registered) await ensureDevice(sn, managed.has(sn));
      for (const sn of managed)
        if (sn !== options.serverUsername && !registered.has(sn)) await removeDevice(sn);
      log.info(`mosquitto dynamic security: ${registered.size} devices in step`);
    },
    async deviceChanged(sn) {
      const row = await device(sn);
      if (!row) {
        for (const [gateway, kids] of children)
          if (kids.has(sn))
            await setChildren(
              gateway,
              [...kids].filter((c) => c !== sn),
            );
        return removeDevice(sn);
      }
      await ensureDevice(sn, (await managedUsernames()).has(sn));
      if (row.gateway_sn !== null) {
        const kids = await childrenInDb(row.gateway_sn);
        await setChildren(row.gateway_sn, kids);
      }
    },
    async topology(gatewaySn, announced) {
      const gateway = await device(gatewaySn);
      if (!gateway) return;
      const next = await registeredIn(db, announced, gateway.workspace_id);
      next.delete(gatewaySn);
      await setChildren(gatewaySn, [...next]);
    },
  };
}

/**
 * Keeps an external Mosquitto's dynamic-security plugin in step with Skydeck: one account per
 * registered device (username and client id = serial number, password = its secret) with a role
 * holding that device's topics and those of the children it announced; an account for the server's
 * own clients; and nothing else that Skydeck created. Runs at start, on every device change and on
 * every `update_topo` a gateway sends.
 *
 * A dock in DRC also gets the account of its `drc_mode_enter` credentials (server/drc/drcGrants.ts),
 * whose role opens exactly its `drc/up` and `drc/down`; the DRC service announces a change of the
 * dock when it grants and when it ends the session, and the account is deleted then, which makes
 * Mosquitto close the dock's DRC connection. Mosquitto has no expiry of its own: the DRC service ends
 * the session at `expire_time`, which deletes the account within its one-second sweep.
 */
import type { Db } from '../../db/Db.ts';
import { dockOfDrcUsername, drcBrokerUsername } from '../../drc/brokerCredentials.ts';
import { drcGrantOf, isLiveGrant } from '../../drc/drcGrants.ts';
import { registeredIn } from '../authQueries.ts';
import { deviceSecretOf } from '../deviceSecrets.ts';
import type { Log } from '../../runtime/log.ts';
import {
  childAcls,
  deviceAcls,
  deviceRole,
  drcAcls,
  drcRole,
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
  /** Docks whose DRC account this instance created and has not deleted yet. */
  const drcAccounts = new Set<string>();

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

  /**
   * The DRC account of dock `sn` as the grant of this process has it: created or re-keyed while a
   * session lasts, deleted once it ended. Another instance's device changes leave alone an account
   * this one made (it knows nothing of the grant); only its own end of the session removes it.
   */
  async function syncDrc(sn: string): Promise<void> {
    const grant = drcGrantOf(sn);
    const rolename = drcRole(sn);
    if (grant && isLiveGrant(grant, Date.now())) {
      drcAccounts.add(sn);
      await run([
        { command: 'createRole', rolename, textname: MANAGED_TEXT, acls: drcAcls(sn) },
        {
          command: 'createClient',
          username: grant.username,
          password: grant.password,
          clientid: grant.clientId,
          textname: MANAGED_TEXT,
          roles: [{ rolename }],
        },
        // A pilot who entered again handed the dock new credentials.
        { command: 'setClientPassword', username: grant.username, password: grant.password },
      ]);
      return;
    }
    if (!drcAccounts.delete(sn)) return;
    await run([
      { command: 'deleteClient', username: drcBrokerUsername(sn) },
      { command: 'deleteRole', rolename },
    ]);
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
        if (sn !== options.serverUsername && !registered.has(sn) && !dockOfDrcUsername(sn))
          await removeDevice(sn);
      // Mosquitto would accept a DRC password left from a session that ended in a crash forever.
      for (const username of managed) {
        const dock = dockOfDrcUsername(username);
        if (dock === undefined) continue;
        drcAccounts.add(dock);
        await syncDrc(dock);
      }
      log.info(`mosquitto dynamic security: ${registered.size} devices in step`);
    },
    async deviceChanged(sn) {
      await syncDrc(sn);
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

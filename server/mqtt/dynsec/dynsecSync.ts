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
import { dockOfDrcUsername } from '../../drc/brokerCredentials.ts';
import { registeredIn } from '../authQueries.ts';
import type { Log } from '../../runtime/log.ts';
import { createDeviceAccounts } from './deviceAccounts.ts';
import { createDrcAccounts } from './drcAccounts.ts';
import type { DynsecClient } from './dynsecClient.ts';
import { createDynsecRunner } from './dynsecRunner.ts';
import { ensureServerAccount } from './serverAccount.ts';

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

/**
 * Creates the sync; call `start` once the plugin is reachable. The devices' accounts are kept by
 * deviceAccounts.ts, the DRC ones by drcAccounts.ts, the server's by serverAccount.ts.
 */
export function createDynsecSync(options: DynsecSyncOptions): DynsecSync {
  const { db, log, client } = options;
  const runner = createDynsecRunner(client, log);
  const { managedUsernames } = runner;
  const devices = createDeviceAccounts(db, options.tokenSecret, runner);
  const drc = createDrcAccounts(runner);

  return {
    async start() {
      await ensureServerAccount(runner, options.serverUsername, options.serverPassword);
      const managed = await managedUsernames();
      const rows = await db.query<{ device_sn: string }>('select device_sn from devices');
      const registered = new Set(rows.map((r) => r.device_sn));
      for (const sn of registered) await devices.ensureDevice(sn, managed.has(sn));
      for (const sn of managed)
        if (sn !== options.serverUsername && !registered.has(sn) && !dockOfDrcUsername(sn))
          await devices.removeDevice(sn);
      // Mosquitto would accept a DRC password left from a session that ended in a crash forever.
      for (const username of managed) {
        const dock = dockOfDrcUsername(username);
        if (dock === undefined) continue;
        await drc.adopt(dock);
      }
      log.info(`mosquitto dynamic security: ${registered.size} devices in step`);
    },
    async deviceChanged(sn) {
      await drc.sync(sn);
      const row = await devices.device(sn);
      if (!row) {
        await devices.dropChild(sn);
        return devices.removeDevice(sn);
      }
      await devices.ensureDevice(sn, (await managedUsernames()).has(sn));
      if (row.gateway_sn !== null) {
        const kids = await devices.childrenInDb(row.gateway_sn);
        await devices.setChildren(row.gateway_sn, kids);
      }
    },
    async topology(gatewaySn, announced) {
      const gateway = await devices.device(gatewaySn);
      if (!gateway) return;
      const next = await registeredIn(db, announced, gateway.workspace_id);
      next.delete(gatewaySn);
      await devices.setChildren(gatewaySn, [...next]);
    },
  };
}

/**
 * The Mosquitto accounts of registered devices: one per device (username and client id = serial
 * number, password = its secret) with a role holding that device's topics and those of the children
 * it announced. Remembers which children each gateway's role holds, so that a change of topology
 * sends only the ACLs that changed.
 */
import type { Db } from '../../db/Db.ts';
import { deviceSecretOf } from '../deviceSecrets.ts';
import { childAcls, deviceAcls, deviceRole, MANAGED_TEXT } from './dynsecAcls.ts';
import type { DynsecRunner } from './dynsecRunner.ts';

export interface DeviceRow {
  device_sn: string;
  workspace_id: number;
  gateway_sn: string | null;
}

export interface DeviceAccounts {
  /** The registered device `sn`, or undefined when there is none. */
  device(sn: string): Promise<DeviceRow | undefined>;
  /** The devices registered under gateway `sn`. */
  childrenInDb(sn: string): Promise<string[]>;
  /** Creates (or completes) the account of a registered device whose secret is known. */
  ensureDevice(sn: string, exists: boolean): Promise<void>;
  /** Deletes the account, role and sealed secret of device `sn`. */
  removeDevice(sn: string): Promise<void>;
  /** Gives the role of `gatewaySn` the ACLs of exactly the children `next`. */
  setChildren(gatewaySn: string, next: readonly string[]): Promise<void>;
  /** Takes `sn` out of the role of every gateway that held it. */
  dropChild(sn: string): Promise<void>;
}

/** Keeps the devices' accounts in step; `tokenSecret` opens their sealed secrets. */
export function createDeviceAccounts(
  db: Db,
  tokenSecret: string,
  { run }: DynsecRunner,
): DeviceAccounts {
  /** Children whose ACLs each gateway's role holds. */
  const children = new Map<string, Set<string>>();

  async function childrenInDb(sn: string): Promise<string[]> {
    const rows = await db.query<{ device_sn: string }>(
      'select device_sn from devices where gateway_sn = $1',
      [sn],
    );
    return rows.map((r) => r.device_sn);
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

  return {
    async device(sn) {
      const rows = await db.query<DeviceRow>(
        'select device_sn, workspace_id, gateway_sn from devices where device_sn = $1',
        [sn],
      );
      return rows[0];
    },
    childrenInDb,
    async ensureDevice(sn, exists) {
      const secret = await deviceSecretOf(db, tokenSecret, sn);
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
    },
    async removeDevice(sn) {
      children.delete(sn);
      await run([
        { command: 'deleteClient', username: sn },
        { command: 'deleteRole', rolename: deviceRole(sn) },
      ]);
      await db.query('delete from device_broker_secrets where device_sn = $1', [sn]);
    },
    setChildren,
    async dropChild(sn) {
      for (const [gateway, kids] of children)
        if (kids.has(sn))
          await setChildren(
            gateway,
            [...kids].filter((c) => c !== sn),
          );
    },
  };
}

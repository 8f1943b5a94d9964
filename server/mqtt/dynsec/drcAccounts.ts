/**
 * The Mosquitto accounts of docks in DRC: the account of a dock's `drc_mode_enter` credentials
 * (server/drc/drcGrants.ts), whose role opens exactly its `drc/up` and `drc/down`, lives as long as
 * the grant of this process does. Deleting it makes Mosquitto close the dock's DRC connection.
 */
import { drcBrokerUsername } from '../../drc/brokerCredentials.ts';
import { drcGrantOf, isLiveGrant } from '../../drc/drcGrants.ts';
import { drcAcls, drcRole, MANAGED_TEXT } from './dynsecAcls.ts';
import type { DynsecRunner } from './dynsecRunner.ts';

export interface DrcAccounts {
  /**
   * The DRC account of dock `sn` as the grant of this process has it: created or re-keyed while a
   * session lasts, deleted once it ended. Another instance's device changes leave alone an account
   * this one made (it knows nothing of the grant); only its own end of the session removes it.
   */
  sync(sn: string): Promise<void>;
  /** An account found on the plugin (left from an earlier run): brought in step like one of ours. */
  adopt(dock: string): Promise<void>;
}

/** Keeps the DRC accounts in step with this process's grants. */
export function createDrcAccounts({ run }: DynsecRunner): DrcAccounts {
  /** Docks whose DRC account this instance created and has not deleted yet. */
  const drcAccounts = new Set<string>();

  async function sync(sn: string): Promise<void> {
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

  return {
    sync,
    adopt(dock) {
      drcAccounts.add(dock);
      return sync(dock);
    },
  };
}

import { MANAGED_TEXT, SERVER_ACLS, SERVER_ROLE } from './dynsecAcls.ts';
import type { DynsecRunner } from './dynsecRunner.ts';

/** Creates the account the server's own clients sign in with, and gives it the current password. */
export async function ensureServerAccount(
  { run }: DynsecRunner,
  username: string,
  password: string,
): Promise<void> {
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

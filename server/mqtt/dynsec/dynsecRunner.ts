/**
 * The plugin's commands as the account sync sends them: answers that only say the wanted state is
 * already there pass quietly, any other refusal is logged and the sync goes on.
 */
import type { Log } from '../../runtime/log.ts';
import { MANAGED_TEXT } from './dynsecAcls.ts';
import type { DynsecClient, DynsecCommand } from './dynsecClient.ts';

/** Errors that only say the wanted state is already there. */
const HARMLESS = /already exists|not found|does not exist/i;

export interface DynsecRunner {
  /** Sends `commands` in one message; refusals other than harmless ones are logged. */
  run: (commands: DynsecCommand[]) => Promise<void>;
  /** The usernames of every account Skydeck created on the plugin. */
  managedUsernames: () => Promise<Set<string>>;
}

/** Lets the account sync speak to the plugin without caring about its harmless refusals. */
export function createDynsecRunner(client: DynsecClient, log: Log): DynsecRunner {
  return {
    async run(commands) {
      if (commands.length === 0) return;
      const answers = await client.send(commands);
      for (const a of answers)
        if (a.error && !HARMLESS.test(a.error))
          log.warn(`mosquitto dynamic security: ${a.command} failed: ${a.error}`);
    },
    async managedUsernames() {
      const [answer] = await client.send([
        { command: 'listClients', verbose: true, count: -1, offset: 0 },
      ]);
      const list = (answer?.data?.clients ?? []) as { username: string; textname?: string }[];
      return new Set(list.filter((c) => c.textname === MANAGED_TEXT).map((c) => c.username));
    },
  };
}

/**
 * Who holds DRC on which dock, in this process. The broker's topic rules read it on every `drc/down`
 * publish (so only the holder's connection reaches the dock), and the DRC service writes it. A Map
 * keyed by the dock's serial number: one lookup per stick message, replaced, never appended.
 *
 * It is process-wide rather than per app because the topic rules are pure functions of a principal
 * and a topic; each entry names the service that owns it, so a service only ever clears its own.
 */

export interface HolderEntry {
  userId: number;
  username: string;
  roleId: number;
  /** The service that granted it (one per app). */
  owner: object;
}

const holders = new Map<string, HolderEntry>();

/** Records `entry` as the holder of `dockSn`. */
export function setDrcHolder(dockSn: string, entry: HolderEntry): void {
  holders.set(dockSn, entry);
}

/** Forgets the holder of `dockSn` when `owner` granted it. */
export function clearDrcHolder(dockSn: string, owner: object): void {
  if (holders.get(dockSn)?.owner === owner) holders.delete(dockSn);
}

/** The holder of `dockSn`, if any. */
export function drcHolderOf(dockSn: string): HolderEntry | undefined {
  return holders.get(dockSn);
}

/** The docks whose holder entry `owner` set. */
export function docksHeldFor(owner: object): string[] {
  return [...holders].filter(([, e]) => e.owner === owner).map(([dockSn]) => dockSn);
}

/** Whether user `userId` holds DRC on `dockSn`. */
export function isDrcHolder(userId: number, dockSn: string): boolean {
  return holders.get(dockSn)?.userId === userId;
}

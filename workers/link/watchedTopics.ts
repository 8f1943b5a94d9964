import { SN_PATTERN, WATCHED_KINDS, thingTopic } from '../../protocol/mqtt/topics.ts';
import type { WatchedKind } from '../../protocol/mqtt/topics.ts';

/**
 * What the console watches of every device of its fleet: everything but `drc/up`, which only the
 * cockpit reads, and only for the dock whose session it holds (see {@link consoleTopics}).
 */
export const FLEET_KINDS: readonly WatchedKind[] = WATCHED_KINDS.filter((k) => k !== 'drc/up');

/**
 * Topics of `kinds` (every watched kind unless told) for these serial numbers; invalid serial
 * numbers are skipped.
 */
export function watchedTopics(
  sns: Iterable<string>,
  kinds: readonly WatchedKind[] = WATCHED_KINDS,
): Set<string> {
  const topics = new Set<string>();
  for (const sn of sns) {
    if (!SN_PATTERN.test(sn)) continue;
    for (const kind of kinds) topics.add(thingTopic(sn, kind));
  }
  return topics;
}

/**
 * The tab's subscriptions: the fleet's kinds for every watched device, `drc/up` of the dock whose
 * cockpit session is open (`null`: none), and the server's run topic while a page follows runs
 * (`null`: none). A dock in someone else's session pushes `drc/up` at 10 Hz that no reader of this
 * tab would look at.
 */
export function consoleTopics(
  sns: Iterable<string>,
  drcDock: string | null,
  runTopic: string | null = null,
): Set<string> {
  const topics = watchedTopics(sns, FLEET_KINDS);
  if (drcDock !== null) for (const topic of watchedTopics([drcDock], ['drc/up'])) topics.add(topic);
  if (runTopic !== null) topics.add(runTopic);
  return topics;
}

/** What to subscribe and unsubscribe to go from `current` to `next`. */
export function diffTopics(
  current: ReadonlySet<string>,
  next: ReadonlySet<string>,
): { add: string[]; remove: string[] } {
  return {
    add: [...next].filter((topic) => !current.has(topic)),
    remove: [...current].filter((topic) => !next.has(topic)),
  };
}

import { SN_PATTERN, WATCHED_KINDS, thingTopic } from '../../protocol/mqtt/topics.ts';

/** Topics the console subscribes to for these serial numbers; invalid serial numbers are skipped. */
export function watchedTopics(sns: Iterable<string>): Set<string> {
  const topics = new Set<string>();
  for (const sn of sns) {
    if (!SN_PATTERN.test(sn)) continue;
    for (const kind of WATCHED_KINDS) topics.add(thingTopic(sn, kind));
  }
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

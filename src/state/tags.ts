import { proxy, useSnapshot } from 'valtio';
import { isRecord, readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

/** An open tag (spec §3). `title` is the route name; the bar translates it as `menu.{title}`. */
export interface Tag {
  path: string;
  fullPath: string;
  name: string;
  title: string;
  meta: { title: string; affix: boolean; noCache: boolean };
  params: Record<string, string>;
  query: Record<string, string>;
}

function isTagList(value: unknown): value is Tag[] {
  return (
    Array.isArray(value) &&
    value.every((t) => isRecord(t) && typeof t.path === 'string' && typeof t.fullPath === 'string')
  );
}

/** Open tags plus a per-path counter that a refresh bumps to drop a kept-alive page's state. */
export const tagsStore = proxy<{ tags: Tag[]; refreshes: Record<string, number> }>({
  tags: readJson(STORAGE_KEYS.tags, isTagList) ?? [],
  refreshes: {},
});

/** Read-only snapshot of the tags for components. */
export function useTagsState() {
  return useSnapshot(tagsStore);
}

function commit(tags: Tag[]): void {
  tagsStore.tags = tags;
  writeJson(STORAGE_KEYS.tags, tags);
}

/**
 * Opens a tag. An already open path only updates its full path (query may change); a new tag goes
 * right after the active one, or first when it is the home tag and no active position is known.
 */
export function addTag(tag: Tag, activePath: string | null, homePath: string): void {
  const tags = tagsStore.tags;
  const existing = tags.findIndex((t) => t.path === tag.path);
  if (existing >= 0) {
    if (tags[existing]?.fullPath !== tag.fullPath) {
      commit(tags.map((t, i) => (i === existing ? { ...t, fullPath: tag.fullPath } : t)));
    }
    return;
  }
  const active = activePath === null ? -1 : tags.findIndex((t) => t.path === activePath);
  const at = active >= 0 ? active + 1 : tag.path === homePath ? 0 : tags.length;
  commit([...tags.slice(0, at), tag, ...tags.slice(at)]);
}

/** Closes one tag; affix tags stay. */
export function closeTag(path: string): void {
  commit(tagsStore.tags.filter((t) => t.path !== path || t.meta.affix));
}

/** Closes every tag except `path` and the affix ones. */
export function closeOtherTags(path: string): void {
  commit(tagsStore.tags.filter((t) => t.path === path || t.meta.affix));
}

/** Closes the tags left (`side = 'left'`) or right of `path`; affix tags stay. */
export function closeSideTags(path: string, side: 'left' | 'right'): void {
  const index = tagsStore.tags.findIndex((t) => t.path === path);
  if (index < 0) return;
  commit(
    tagsStore.tags.filter((t, i) => t.meta.affix || (side === 'left' ? i >= index : i <= index)),
  );
}

/** Closes every tag but the affix ones. */
export function closeAllTags(): void {
  commit(tagsStore.tags.filter((t) => t.meta.affix));
}

/** Forgets every tag, affix included (used when the token is cleared). */
export function resetTags(): void {
  commit([]);
  tagsStore.refreshes = {};
}

/** Drops the kept-alive state of a tag's page so it mounts afresh. */
export function refreshTag(path: string): void {
  tagsStore.refreshes[path] = (tagsStore.refreshes[path] ?? 0) + 1;
}

/** The tag to show after `path` closes: its right neighbour, else its left one. */
export function neighbourOf(tags: readonly Tag[], path: string): Tag | undefined {
  const index = tags.findIndex((t) => t.path === path);
  return tags[index + 1] ?? tags[index - 1];
}

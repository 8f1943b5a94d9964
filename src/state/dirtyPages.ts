/**
 * Pages holding edits not saved yet, by path: the tag bar asks before closing one of them. A page
 * marks itself whenever its state changes and never unmarks on hiding, because a page kept alive
 * behind another tag still holds its edits; closing the tag forgets the mark.
 */
const dirty = new Set<string>();

/** Records whether the page at `path` has unsaved edits. */
export function markPageDirty(path: string, isDirty: boolean): void {
  if (isDirty) dirty.add(path);
  else dirty.delete(path);
}

/** Whether the page at `path` said it has unsaved edits. */
export function isPageDirty(path: string): boolean {
  return dirty.has(path);
}

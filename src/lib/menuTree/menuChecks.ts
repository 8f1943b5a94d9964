import type { MenuNode } from '../../../protocol/http.ts';

/** How a node of the permission tree is drawn. */
export type CheckState = 'checked' | 'partial' | 'unchecked';

function descendantIds(node: MenuNode): number[] {
  return (node.children ?? []).flatMap((c) => [c.id, ...descendantIds(c)]);
}

/** The ids from the root down to `id` (empty when the tree has no such node). */
export function pathTo(tree: readonly MenuNode[], id: number): number[] {
  for (const node of tree) {
    if (node.id === id) return [id];
    const below = pathTo(node.children ?? [], id);
    if (below.length > 0) return [node.id, ...below];
  }
  return [];
}

function find(tree: readonly MenuNode[], id: number): MenuNode | undefined {
  for (const node of tree) {
    if (node.id === id) return node;
    const below = find(node.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/**
 * Checks or unchecks one node. Checking takes the whole subtree and every ancestor along (a button
 * is useless without its page, a page without its group); unchecking drops the subtree only.
 */
export function toggleCheck(
  tree: readonly MenuNode[],
  checked: ReadonlySet<number>,
  id: number,
  on: boolean,
): Set<number> {
  const node = find(tree, id);
  if (!node) return new Set(checked);
  const next = new Set(checked);
  const subtree = [id, ...descendantIds(node)];
  if (on) for (const n of [...pathTo(tree, id), ...subtree]) next.add(n);
  else for (const n of subtree) next.delete(n);
  return next;
}

/** Checked with every descendant, checked with only some (or unchecked with some), or unchecked. */
export function checkState(node: MenuNode, checked: ReadonlySet<number>): CheckState {
  const below = descendantIds(node);
  const some = below.some((n) => checked.has(n));
  if (!checked.has(node.id)) return some ? 'partial' : 'unchecked';
  return below.every((n) => checked.has(n)) ? 'checked' : 'partial';
}

/** The part of the tree that is checked; a node whose parent is unchecked is left out with it. */
export function pickTree(tree: readonly MenuNode[], checked: ReadonlySet<number>): MenuNode[] {
  return tree
    .filter((node) => checked.has(node.id))
    .map((node) => ({ ...node, children: pickTree(node.children ?? [], checked) }));
}

/** Every id in the tree, top-down. */
export function allIds(tree: readonly MenuNode[]): number[] {
  return tree.flatMap((node) => [node.id, ...allIds(node.children ?? [])]);
}

import type { MenuNode } from '../../../protocol/http.ts';

/** One visible row of the menu table: a node, how deep it sits, and its siblings in order. */
export interface MenuRow {
  node: MenuNode;
  depth: number;
  siblings: readonly MenuNode[];
}

const bySort = (nodes: readonly MenuNode[]) =>
  [...nodes].sort((a, b) => a.sort - b.sort || a.id - b.id);

/** True when the node or something below it mentions `needle` in its name, label, path or code. */
function matches(node: MenuNode, needle: string, label: (n: MenuNode) => string): boolean {
  const own = [node.name, label(node), node.path, node.perms].some((s) =>
    s.toLowerCase().includes(needle),
  );
  return own || (node.children ?? []).some((c) => matches(c, needle, label));
}

/**
 * The rows to draw: top-down in sort order, children only under open nodes. With a filter, every
 * branch holding a match is drawn open and the rest is left out.
 */
export function visibleRows(
  tree: readonly MenuNode[],
  open: ReadonlySet<number>,
  filter: string,
  label: (n: MenuNode) => string,
): MenuRow[] {
  const needle = filter.trim().toLowerCase();
  const walk = (nodes: readonly MenuNode[], depth: number): MenuRow[] => {
    const siblings = bySort(nodes);
    return siblings
      .filter((node) => needle === '' || matches(node, needle, label))
      .flatMap((node) => {
        const row = { node, depth, siblings };
        const expanded = needle !== '' || open.has(node.id);
        return expanded ? [row, ...walk(node.children ?? [], depth + 1)] : [row];
      });
  };
  return walk(tree, 0);
}

/** How many nodes hang below `node`. */
export function countBelow(node: MenuNode): number {
  return (node.children ?? []).reduce((n, c) => n + 1 + countBelow(c), 0);
}

/** Menus (not buttons) that may become the parent of `self`: never itself or anything below it. */
export function parentChoices(
  tree: readonly MenuNode[],
  selfId: number | null,
): { node: MenuNode; depth: number }[] {
  const walk = (nodes: readonly MenuNode[], depth: number): { node: MenuNode; depth: number }[] =>
    bySort(nodes)
      .filter((n) => n.kind === 'menu' && n.id !== selfId)
      .flatMap((node) => [{ node, depth }, ...walk(node.children ?? [], depth + 1)]);
  return walk(tree, 0);
}

/**
 * The sort values to write so `node` trades places with its neighbour (`step` -1 up, +1 down):
 * the two swap values, or, when they are equal, the siblings are numbered afresh.
 */
export function moveEdits(
  siblings: readonly MenuNode[],
  node: MenuNode,
  step: -1 | 1,
): { id: number; sort: number }[] {
  const at = siblings.findIndex((s) => s.id === node.id);
  const other = siblings[at + step];
  if (at < 0 || !other) return [];
  if (other.sort !== node.sort)
    return [
      { id: node.id, sort: other.sort },
      { id: other.id, sort: node.sort },
    ];
  const order = [...siblings];
  order[at] = other;
  order[at + step] = node;
  return order
    .map((s, i) => ({ id: s.id, sort: (i + 1) * 10 }))
    .filter((e) => siblings.find((s) => s.id === e.id)?.sort !== e.sort);
}

/** The largest sort value among `nodes` plus 10, so a new entry lands at the end. */
export function nextSort(nodes: readonly MenuNode[]): number {
  return nodes.reduce((max, n) => Math.max(max, n.sort), 0) + 10;
}

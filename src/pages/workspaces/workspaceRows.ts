import type { WorkspaceNode } from '../../../protocol/http.ts';

/** One visible line of the projects table: a node and how deep it sits in the tree. */
export interface WorkspaceRow {
  node: WorkspaceNode;
  depth: number;
}

/**
 * The lines to draw: every root, and under an expanded node its children, depth first. A flat search
 * result has no children, so it comes out unchanged at depth 0.
 */
export function visibleRows(
  nodes: readonly WorkspaceNode[],
  expanded: ReadonlySet<number>,
  depth = 0,
): WorkspaceRow[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(expanded.has(node.id) ? visibleRows(node.children ?? [], expanded, depth + 1) : []),
  ]);
}

/** The ids of every node that has children, so a fresh tree opens fully. */
export function parentIds(nodes: readonly WorkspaceNode[]): number[] {
  return nodes.flatMap((n) =>
    n.children?.length ? [n.id, ...parentIds(n.children)] : parentIds(n.children ?? []),
  );
}

import { MOLD_PROJECT, type WorkspaceRef } from '../../protocol/http.ts';
import type { WorkspaceView } from '../state/account.ts';
import { listAccountDevices } from '../api/devices.ts';
import { accountStore, setDevices, setWorkspace } from '../state/account.ts';

/** Every node of a workspace tree, depth first, with its depth. */
export function flattenWorkspaces(
  tree: readonly WorkspaceView[],
  depth = 0,
): { node: WorkspaceView; depth: number }[] {
  return tree.flatMap((node) => [
    { node, depth },
    ...flattenWorkspaces(node.children ?? [], depth + 1),
  ]);
}

/**
 * The saved workspace when it is still in the tree, else the first one (spec §4). "First" prefers a
 * project over an organisation node, because devices and tasks live in projects.
 */
export function pickWorkspace(
  tree: readonly WorkspaceView[],
  saved: WorkspaceRef | null,
): WorkspaceView | undefined {
  const all = flattenWorkspaces(tree).map((e) => e.node);
  return (
    all.find((n) => n.id === saved?.id) ?? all.find((n) => n.mold_id === MOLD_PROJECT) ?? all[0]
  );
}

/** Selects a workspace, saves it and reloads its device list. */
export async function chooseWorkspace(ws: WorkspaceRef): Promise<void> {
  setWorkspace(ws);
  try {
    const page = await listAccountDevices(ws.id);
    if (accountStore.workspace?.id === ws.id) setDevices(page.rows);
  } catch {
    // The client has already told the user; the shell stays usable without a device list.
    setDevices([]);
  }
}

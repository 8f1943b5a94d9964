/** Loads every device of a workspace, page by page (the list call answers at most 1 000 at a time). */
import { MOLD_PROJECT } from '../../../protocol/http.ts';
import type { Device, Page, WorkspaceRef } from '../../../protocol/http.ts';

/** The server's largest page: 2 000 drones take two calls. */
export const FLEET_PAGE_SIZE = 1_000;
/** A runaway total (or a server that ignores paging) stops here rather than looping. */
const MAX_PAGES = 50;

export type ListPage = (query: Record<string, string | number | boolean>) => Promise<Page<Device>>;

/**
 * All devices of a workspace, in the server's order. Devices live in projects: for a project the list
 * is filtered to it; for an organisation it is every device the caller may see (`all`).
 */
export async function loadFleetDevices(list: ListPage, workspace: WorkspaceRef): Promise<Device[]> {
  const devices: Device[] = [];
  const scope: Record<string, number | boolean> =
    workspace.mold_id === MOLD_PROJECT ? { workspace_id: workspace.id } : { all: true };
  for (let current = 1; current <= MAX_PAGES; current += 1) {
    const page = await list({ ...scope, current, size: FLEET_PAGE_SIZE });
    devices.push(...page.data);
    if (page.data.length < FLEET_PAGE_SIZE || devices.length >= page.total) break;
  }
  return devices;
}

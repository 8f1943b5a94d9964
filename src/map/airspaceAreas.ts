/**
 * The current project's airspace areas for the maps that plan or watch flights: loaded when a map
 * shows them, again when the airspace page changes them (`airspaceChanged`), and every few minutes
 * for changes made elsewhere.
 */
import { useEffect, useState } from 'react';
import { AIRSPACE_ACCESS, AIRSPACE_API } from '../../protocol/airspace.ts';
import type { AirspaceArea } from '../../protocol/airspace.ts';
import { MOLD_PROJECT } from '../../protocol/http.ts';
import { http } from '../api/http.ts';
import { clock } from '../lib/clock.ts';
import { menuNames } from '../app/shellApi.ts';
import { useAccountState } from '../state/account.ts';

/** Areas change rarely; a map left open reads them again this often, ms. */
const REFRESH_MS = 5 * 60_000;

const listeners = new Set<(workspaceId: number) => void>();

/** Tells every map showing `workspaceId`'s areas to read them again. */
export function airspaceChanged(workspaceId: number): void {
  for (const listener of listeners) listener(workspaceId);
}

/** The areas of a project (every one, enabled or not); `quiet`: no toast when it fails. */
export const listAirspace = (workspaceId: number, quiet = false) =>
  http.request<AirspaceArea[]>('GET', AIRSPACE_API.list, {
    query: { workspace_id: workspaceId },
    quiet,
  });

/** The project chosen at the top, when it is one (areas belong to projects). */
export function useProjectId(): number | undefined {
  const { workspace } = useAccountState();
  return workspace?.mold_id === MOLD_PROJECT ? workspace.id : undefined;
}

/**
 * The areas of `workspaceId` (none while loading, without a project, or for a role without the
 * airspace page: the flight maps then simply show none, and say nothing about it).
 */
export function useAirspaceAreas(workspaceId: number | undefined): readonly AirspaceArea[] {
  const [areas, setAreas] = useState<{ of: number; list: readonly AirspaceArea[] } | null>(null);
  const { menus } = useAccountState();
  const allowed = menus !== null && menuNames(menus).has(AIRSPACE_ACCESS.read);
  useEffect(() => {
    if (workspaceId === undefined || !allowed) return;
    let live = true;
    const load = () => {
      listAirspace(workspaceId, true).then(
        (list) => {
          if (live) setAreas({ of: workspaceId, list });
        },
        // A map without areas is still a map: the client already said what went wrong.
        () => undefined,
      );
    };
    load();
    const listener = (changed: number) => {
      if (changed === workspaceId) load();
    };
    listeners.add(listener);
    const stop = clock.setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      listeners.delete(listener);
      stop();
    };
  }, [workspaceId, allowed]);
  return allowed && areas !== null && areas.of === workspaceId ? areas.list : [];
}

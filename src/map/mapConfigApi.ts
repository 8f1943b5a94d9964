import { MAP_API } from '../../protocol/map.ts';
import type { MapConfig } from '../../protocol/map.ts';
import { http } from '../api/http.ts';
import { basemapState, setMapConfig } from './basemapStore.ts';

let pending: Promise<void> | null = null;

/**
 * Loads the server's basemap settings once per page load, so a changed key needs a restart of the
 * server and a reload, never a rebuild. A failed load keeps the offline map and is retried next
 * time.
 */
export function loadMapConfig(): Promise<void> {
  if (basemapState().configLoaded) return Promise.resolve();
  pending ??= http
    .get<MapConfig>(MAP_API.config)
    .then(setMapConfig)
    .finally(() => {
      pending = null;
    });
  return pending;
}

import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Whether the map still exists. React may unmount the map before the layer components inside it,
 * and a removed map has no style to remove layers from.
 */
export function mapAlive(map: MapLibreMap): boolean {
  return !map._removed;
}

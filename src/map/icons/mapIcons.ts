/**
 * Every icon of the workbench's layers, drawn on demand when MapLibre first needs one: cluster
 * bubbles with their count, drone arrows and dock icons by state. On demand rather than added up
 * front, because a basemap switch may replace the style's images: whatever a layer asks for again
 * is simply drawn again.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { drawBubble, CLUSTER_ICON_PREFIX } from './clusterIcons.ts';
import { DOCK_ICON_PREFIX, drawDockIcon } from './dockIcons.ts';
import { DRONE_ICON_PREFIX, drawDroneIcon } from './droneIcons.ts';

/** Icons are drawn at twice their CSS size, sharp on high-density screens. */
const PIXEL_RATIO = 2;

function draw(id: string): ImageData | null {
  if (id.startsWith(CLUSTER_ICON_PREFIX)) {
    const count = Number(id.slice(CLUSTER_ICON_PREFIX.length));
    return Number.isInteger(count) ? drawBubble(count) : null;
  }
  if (id.startsWith(DRONE_ICON_PREFIX)) return drawDroneIcon(id.slice(DRONE_ICON_PREFIX.length));
  if (id.startsWith(DOCK_ICON_PREFIX)) return drawDockIcon(id.slice(DOCK_ICON_PREFIX.length));
  return null;
}

/** Supplies the icons on demand; returns the function that stops doing so. */
export function provideMapIcons(map: MapLibreMap): () => void {
  map.setMissingStyleImageResolver((id) => {
    if (map.hasImage(id)) return;
    const image = draw(id);
    if (image !== null) map.addImage(id, image, { pixelRatio: PIXEL_RATIO });
  });
  return () => map.setMissingStyleImageResolver(null);
}

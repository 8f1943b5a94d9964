import type { RefObject } from 'react';
import type {
  MapLayerMouseEvent,
  MapLayerTouchEvent,
  MapMouseEvent,
  MapTouchEvent,
  Map as MapLibreMap,
} from 'maplibre-gl';
import type { LatestPoints, PointDrag } from './pointLayerTypes.ts';

/** A press that moves less than this is a click, not a drag, px. */
const DRAG_PX = 4;

/**
 * The map handlers of the point layer: a press on a point holds it, a move drags it (when the user
 * may move points), a release opens or moves it, a click on the map places a new point in add
 * mode, and the cursor shows what a press would do. They read the layer's props through `latest`
 * and keep the held point in `drag`, so that they can be added to the map once.
 */
export function pointGestures(
  map: MapLibreMap,
  latest: RefObject<LatestPoints>,
  drag: RefObject<PointDrag | null>,
  redraw: () => void,
) {
  const press = (e: MapLayerMouseEvent | MapLayerTouchEvent) => {
    const id = Number(e.features?.[0]?.properties.id);
    if (!Number.isInteger(id) || latest.current.adding) return;
    // The map must not pan while a point is held.
    e.preventDefault();
    drag.current = { id, from: e.point, at: null };
  };
  const move = (e: MapMouseEvent | MapTouchEvent) => {
    const d = drag.current;
    if (!d || !latest.current.canMove) return;
    if (!d.at && Math.hypot(e.point.x - d.from.x, e.point.y - d.from.y) < DRAG_PX) return;
    d.at = [e.lngLat.lng, e.lngLat.lat];
    map.getCanvas().style.cursor = 'grabbing';
    redraw();
  };
  const release = () => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    map.getCanvas().style.cursor = '';
    const p = latest.current;
    if (!d.at) return p.onOpen(d.id);
    const [lng, lat] = p.fromDisplay(d.at[0], d.at[1]);
    p.onMove(d.id, lng, lat);
  };
  const click = (e: MapMouseEvent) => {
    const p = latest.current;
    if (!p.adding) return;
    const [lng, lat] = p.fromDisplay(e.lngLat.lng, e.lngLat.lat);
    p.onPlace(lng, lat);
  };
  const hover = () => (map.getCanvas().style.cursor = latest.current.canMove ? 'grab' : 'pointer');
  const leave = () => (map.getCanvas().style.cursor = '');
  return { press, move, release, click, hover, leave };
}

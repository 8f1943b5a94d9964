import type { Map as MapLibreMap } from 'maplibre-gl';
import { clock } from '../../lib/clock.ts';
import { mapAlive } from '../../map/mapAlive.ts';
import { POINT_CIRCLES } from './drawPoints.ts';

/** The drawn dots are counted at most this often while the map renders, ms. */
const COUNT_EVERY_MS = 200;

/**
 * Counts how many dots the last drawn frame holds, into the container's `data-rendered`: the source
 * takes data asynchronously, so a dot can only be grabbed once this counts it (tests wait for it
 * before dragging). `rendered` is for drawn frames, since 'idle' does not come while any tile of
 * the source is still pending and a dot already drawn can be grabbed; it counts at most every
 * COUNT_EVERY_MS, as a moving map draws 60 frames a second. `count` is for 'idle', so the frame
 * the map settles on is always counted.
 */
export function renderedCounter(map: MapLibreMap) {
  let lastCount = '';
  let countedAt = -Infinity;
  const count = () => {
    if (!mapAlive(map) || !map.getLayer(POINT_CIRCLES)) return;
    countedAt = clock.now();
    const drawn = String(map.queryRenderedFeatures({ layers: [POINT_CIRCLES] }).length);
    if (drawn === lastCount) return;
    lastCount = drawn;
    map.getContainer().setAttribute('data-rendered', drawn);
  };
  const rendered = () => {
    if (clock.now() - countedAt >= COUNT_EVERY_MS) count();
  };
  return { count, rendered };
}

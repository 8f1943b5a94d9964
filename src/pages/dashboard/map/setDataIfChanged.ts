/**
 * Hands a GeoJSON source new data only when it differs from what this source last got here. Every
 * `setData` re-tiles the source in MapLibre's worker and redraws the map, and with WebGL in software
 * a redraw of the whole map costs a large share of a second; docks mostly stand still, so most fleet
 * frames change nothing they show. Comparing the serialised text of a few hundred features costs far
 * less than one needless redraw.
 */
import type { GeoJSON } from 'geojson';

/** What a source was last given, by source object: a source built anew (a style swap) gets its data. */
const lastGiven = new WeakMap<object, string>();

interface DataSource {
  setData(data: GeoJSON): unknown;
}

/** Gives `source` `data` unless it holds the same already; answers whether it was given. */
export function setDataIfChanged(source: DataSource | undefined, data: GeoJSON): boolean {
  if (source === undefined) return false;
  const text = JSON.stringify(data);
  if (lastGiven.get(source) === text) return false;
  lastGiven.set(source, text);
  void source.setData(data);
  return true;
}

import type { ToDisplay } from './datumConvert.ts';

/** The one camera call `framePlaces` needs; MapLibre's map and react-map-gl's ref both have it. */
interface Framable {
  fitBounds(
    bounds: [[number, number], [number, number]],
    options: { padding: number; maxZoom: number; duration: number },
  ): unknown;
}

/**
 * Moves the camera at once so that every place (WGS-84 longitude, latitude) is in view, drawn in the
 * basemap's datum by `toDisplay`; one place is centred at `maxZoom`. Does nothing without places.
 */
export function framePlaces(
  map: Framable,
  places: readonly (readonly [number, number])[],
  toDisplay: ToDisplay,
  { padding, maxZoom }: { padding: number; maxZoom: number },
): void {
  if (places.length === 0) return;
  const shown = places.map(([lng, lat]) => toDisplay(lng, lat));
  const lngs = shown.map(([x]) => x);
  const lats = shown.map(([, y]) => y);
  map.fitBounds(
    [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
    { padding, maxZoom, duration: 0 },
  );
}

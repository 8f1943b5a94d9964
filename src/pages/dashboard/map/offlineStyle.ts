/**
 * The default basemap, bundled with the app so the workbench works without any tile server: a sea
 * background, a schematic coastline and district lines of the simulator's area
 * (`public/basemap/shenzhen.geojson`, drawn by hand for this app) and a degree grid generated here.
 * No text layers, so no glyph server is needed either. `VITE_MAP_STYLE_URL` replaces all of it.
 */
import type { StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection, LineString } from 'geojson';

/** A real style (vector tiles, glyphs) when the deployment provides one at build time. */
export const CONFIGURED_STYLE_URL: string | undefined = import.meta.env.VITE_MAP_STYLE_URL as
  string | undefined;

/** Grid spacing: 0.05° (~5 km) reads as a scale at the zoom levels a fleet is watched at. */
const GRID_STEP_DEG = 0.05;
const GRID_BOUNDS = { west: 112.5, east: 115.5, south: 21.5, north: 23.5 };

function gridLine(
  coordinates: [number, number][],
): FeatureCollection<LineString>['features'][number] {
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } };
}

/** Meridians and parallels every {@link GRID_STEP_DEG} over the area around the default centre. */
export function graticule(): FeatureCollection<LineString> {
  const { west, east, south, north } = GRID_BOUNDS;
  const steps = (from: number, to: number): number[] =>
    Array.from(
      { length: Math.round((to - from) / GRID_STEP_DEG) + 1 },
      (_, i) => from + i * GRID_STEP_DEG,
    );
  const meridians = steps(west, east).map((lon) =>
    gridLine([
      [lon, south],
      [lon, north],
    ]),
  );
  const parallels = steps(south, north).map((lat) =>
    gridLine([
      [west, lat],
      [east, lat],
    ]),
  );
  return { type: 'FeatureCollection', features: [...meridians, ...parallels] };
}

/** The offline style; `origin` makes the bundled GeoJSON's address absolute for MapLibre's worker. */
export function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    name: 'skydeck-offline',
    sources: {
      coast: { type: 'geojson', data: `${origin}/basemap/shenzhen.geojson` },
      grid: { type: 'geojson', data: graticule() },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#0e1a26' } },
      {
        id: 'land',
        type: 'fill',
        source: 'coast',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': '#1c2733' },
      },
      {
        id: 'coastline',
        type: 'line',
        source: 'coast',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'line-color': '#3a5a78', 'line-width': 1.2 },
      },
      {
        id: 'grid',
        type: 'line',
        source: 'grid',
        paint: { 'line-color': '#2b3d50', 'line-width': 0.6, 'line-opacity': 0.7 },
      },
      {
        id: 'roads',
        type: 'line',
        source: 'coast',
        filter: ['==', ['get', 'kind'], 'road'],
        paint: { 'line-color': '#4b5d70', 'line-width': 1.5 },
      },
      {
        id: 'districts',
        type: 'line',
        source: 'coast',
        filter: ['==', ['get', 'kind'], 'district'],
        paint: { 'line-color': '#5c7080', 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'border',
        type: 'line',
        source: 'coast',
        filter: ['==', ['get', 'kind'], 'border'],
        paint: { 'line-color': '#8a6f9e', 'line-width': 1.5, 'line-dasharray': [4, 2] },
      },
    ],
  };
}

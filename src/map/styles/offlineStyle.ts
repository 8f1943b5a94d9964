/**
 * The default basemap, which needs no network beyond the console's own server: Natural Earth land,
 * coastline and country borders, GeoNames places by size (`server/map/offlineLayers.ts`) and a
 * graticule that follows the view (`OfflineGraticule`). No `glyphs` URL: MapLibre then draws every
 * label with the browser's own fonts, so Chinese and Latin text both render offline.
 */
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { MAP_API } from '../../../protocol/map.ts';
import { OFFLINE_PALETTES } from './palette.ts';
import type { OfflinePalette } from './palette.ts';

/** The graticule's source; `OfflineGraticule` fills it for the current view. */
export const GRATICULE_SOURCE = 'graticule';
const FONT = ['sans-serif'];
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Place labels by tier: capitals and megacities from afar, towns only near street level. */
const PLACE_TIERS: { rank: number; minzoom: number; size: number }[] = [
  { rank: 0, minzoom: 2, size: 14 },
  { rank: 1, minzoom: 4, size: 13 },
  { rank: 2, minzoom: 6, size: 12 },
  { rank: 3, minzoom: 8, size: 11 },
];

function placeLayers(p: OfflinePalette): LayerSpecification[] {
  return PLACE_TIERS.map(({ rank, minzoom, size }) => ({
    id: `places-${rank}`,
    type: 'symbol',
    source: 'places',
    minzoom,
    filter: ['==', ['get', 'rank'], rank],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': FONT,
      'text-size': size,
      'symbol-sort-key': ['-', ['get', 'population']],
    },
    paint: { 'text-color': p.place, 'text-halo-color': p.placeHalo, 'text-halo-width': 1.5 },
  }));
}

function gridLayers(p: OfflinePalette): LayerSpecification[] {
  return [
    {
      id: 'grid',
      type: 'line',
      source: GRATICULE_SOURCE,
      paint: { 'line-color': p.grid, 'line-width': 0.8 },
    },
    {
      id: 'grid-labels',
      type: 'symbol',
      source: GRATICULE_SOURCE,
      layout: {
        'symbol-placement': 'line',
        'symbol-spacing': 400,
        'text-field': ['get', 'label'],
        'text-font': FONT,
        'text-size': 10,
      },
      paint: { 'text-color': p.gridLabel, 'text-halo-color': p.sea, 'text-halo-width': 1 },
    },
  ];
}

/**
 * The offline style in the console's theme; `origin` makes the data URLs absolute for MapLibre's
 * worker.
 */
export function offlineStyle(origin: string, theme: 'dark' | 'light'): StyleSpecification {
  const p = OFFLINE_PALETTES[theme];
  const data = (layer: string) => `${origin}${MAP_API.offline}/${layer}`;
  const naturalEarth = 'Natural Earth';
  return {
    version: 8,
    name: 'skydeck-offline',
    sources: {
      land: { type: 'geojson', data: data('land'), attribution: naturalEarth },
      borders: { type: 'geojson', data: data('borders'), attribution: naturalEarth },
      places: { type: 'geojson', data: data('places'), attribution: 'GeoNames (CC BY 4.0)' },
      [GRATICULE_SOURCE]: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': p.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': p.land } },
      ...gridLayers(p),
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': p.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 12, 2],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': p.border, 'line-width': 1.4, 'line-dasharray': [4, 2] },
      },
      ...placeLayers(p),
    ],
  };
}

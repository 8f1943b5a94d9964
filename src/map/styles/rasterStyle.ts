import type { StyleSpecification } from 'maplibre-gl';
import { expandTileTemplate } from '../tileUrls.ts';

/** One raster tile layer: a template (with an optional `{1-4}` host range) and its credit. */
export interface RasterLayer {
  template: string;
  attribution: string;
  maxzoom?: number;
}

/** A style of raster tile layers drawn in order: imagery or a road map first, labels on top. */
export function rasterStyle(name: string, layers: RasterLayer[]): StyleSpecification {
  const sources: StyleSpecification['sources'] = {};
  layers.forEach((layer, i) => {
    sources[`${name}-${i}`] = {
      type: 'raster',
      tiles: expandTileTemplate(layer.template),
      tileSize: 256,
      maxzoom: layer.maxzoom ?? 18,
      attribution: layer.attribution,
    };
  });
  return {
    version: 8,
    name,
    sources,
    layers: layers.map((_, i) => ({ id: `${name}-${i}`, type: 'raster', source: `${name}-${i}` })),
  };
}

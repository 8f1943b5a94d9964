/**
 * Basemap swaps that keep what the app drew on top. The basemap's layers are tagged, so that a swap
 * replaces exactly them and carries every other layer and source (drones, trails) over untouched.
 */
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

const TAG = 'skydeck:basemap';
const SOURCES_KEY = 'skydeck:basemapSources';

function isBasemapLayer(layer: LayerSpecification): boolean {
  const metadata = layer.metadata as Record<string, unknown> | undefined;
  return metadata?.[TAG] === true;
}

function basemapSources(style: StyleSpecification): Set<string> {
  const metadata = style.metadata as Record<string, unknown> | undefined;
  const ids = metadata?.[SOURCES_KEY];
  return new Set(
    Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
  );
}

/** Marks every layer and source of a basemap style as the basemap's. */
export function tagBasemap(style: StyleSpecification): StyleSpecification {
  const metadata = {
    ...(style.metadata as object | undefined),
    [SOURCES_KEY]: Object.keys(style.sources),
  };
  return {
    ...style,
    metadata,
    layers: style.layers.map((layer) => ({
      ...layer,
      metadata: { ...(layer.metadata as object | undefined), [TAG]: true },
    })),
  };
}

/** MapLibre's `transformStyle`: the next basemap below the current style's own overlays. */
export function keepOverlays(
  previous: StyleSpecification | undefined,
  next: StyleSpecification,
): StyleSpecification {
  const tagged = tagBasemap(next);
  if (!previous) return tagged;
  const oldBase = basemapSources(previous);
  const overlaySources = Object.entries(previous.sources).filter(([id]) => !oldBase.has(id));
  return {
    ...tagged,
    sources: { ...tagged.sources, ...Object.fromEntries(overlaySources) },
    layers: [...tagged.layers, ...previous.layers.filter((layer) => !isBasemapLayer(layer))],
  };
}

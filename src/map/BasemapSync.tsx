/**
 * Applies the chosen basemap to the map under the app's own layers, and moves the camera with the
 * datum so the same place stays in the middle when switching to or from a GCJ-02 basemap.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { useBasemapState } from './basemapStore.ts';
import { gcj02ToWgs84, wgs84ToGcj02 } from './datumConvert.ts';
import { keepOverlays } from './keepOverlays.ts';
import { datumOf } from './presets.ts';
import type { Datum } from './presets.ts';
import { useBasemapStyle } from './useBasemapStyle.ts';

function applyStyle(map: MapLibreMap, style: StyleSpecification | string): void {
  // A map that react-map-gl has already removed (a workbench tab hidden and shown again) has no style
  // left and fires no more events: there is nothing to apply the basemap to.
  if ((map as { style?: unknown }).style === undefined) return;
  const apply = () => map.setStyle(style, { diff: true, transformStyle: keepOverlays });
  // The first basemap goes in after the map's `load`: the app's layers mount on `load`, which would
  // otherwise wait for the several MB of offline data. A diff also needs the current style loaded.
  if (!map._loaded) map.once('load', apply);
  else if (!map.style._loaded) map.once('style.load', apply);
  else apply();
}

function recentre(map: MapLibreMap, from: Datum, to: Datum): void {
  if (from === to) return;
  const { lng, lat } = map.getCenter();
  const convert = to === 'gcj02' ? wgs84ToGcj02 : gcj02ToWgs84;
  map.jumpTo({ center: convert(lng, lat) });
}

/** The renderless basemap applier; mount it inside the map. */
export function BasemapSync() {
  const { current } = useMap();
  const style = useBasemapStyle();
  const datum = datumOf(useBasemapState().active);
  const shownDatum = useRef<Datum>('wgs84');

  useEffect(() => {
    const map = current?.getMap();
    if (map) applyStyle(map, style);
  }, [current, style]);

  useEffect(() => {
    const map = current?.getMap();
    if (!map) return;
    recentre(map, shownDatum.current, datum);
    shownDatum.current = datum;
  }, [current, datum]);
  return null;
}

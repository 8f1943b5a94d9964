/**
 * Keeps the offline basemap's graticule matched to the view: after every move, and whenever a
 * basemap swap brings a new (empty) graticule source. Renderless; does nothing on other basemaps.
 */
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { graticuleFor } from './graticule.ts';
import { GRATICULE_SOURCE } from './styles/offlineStyle.ts';

function drawGraticule(map: MapLibreMap, source: GeoJSONSource): void {
  const b = map.getBounds();
  void source.setData(
    graticuleFor({
      west: b.getWest(),
      south: b.getSouth(),
      east: b.getEast(),
      north: b.getNorth(),
    }),
  );
}

/** The graticule updater; mount it inside the map. */
export function OfflineGraticule() {
  const { current } = useMap();
  useEffect(() => {
    const map = current?.getMap();
    if (!map) return undefined;
    let filled: GeoJSONSource | undefined;
    const onMove = () => {
      filled = map.getSource<GeoJSONSource>(GRATICULE_SOURCE);
      if (filled) drawGraticule(map, filled);
    };
    // A swap fires `styledata`, as does every layer the app adds: fill only a source not yet
    // filled.
    const onStyle = () => {
      const source = map.getSource<GeoJSONSource>(GRATICULE_SOURCE);
      if (source !== filled) onMove();
    };
    onMove();
    map.on('moveend', onMove);
    map.on('styledata', onStyle);
    return () => {
      map.off('moveend', onMove);
      map.off('styledata', onStyle);
    };
  }, [current]);
  return null;
}

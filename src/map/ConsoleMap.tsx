import { useState } from 'react';
import type { ReactNode } from 'react';
import { Map, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import type { MapProps } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { Basemap } from './Basemap.tsx';
import { maplibregl } from './maplibre.ts';
import { useStartStyle } from './useBasemapStyle.ts';

export interface ConsoleMapProps extends Omit<
  MapProps,
  'mapLib' | 'mapStyle' | 'onLoad' | 'children'
> {
  /** Layers, mounted only once the style has loaded: sources cannot be added before. */
  children?: ReactNode;
  /** Called once the style has loaded, with the map. */
  onLoaded?: (map: MapLibreMap) => void;
}

/**
 * The console's map: the chosen basemap under the page's layers, zoom and scale controls, and the
 * settings every map of the console shares. Pages give it a view and their layers.
 */
export function ConsoleMap({ children, onLoaded, ...props }: ConsoleMapProps) {
  const [loaded, setLoaded] = useState(false);
  // The basemap is swapped in by <Basemap>; the map starts from its sea colour.
  const style = useStartStyle();
  return (
    <Map
      mapLib={maplibregl}
      mapStyle={style}
      style={{ width: '100%', height: '100%' }}
      // html2canvas (report export) and page screenshots can only copy a WebGL canvas that keeps
      // its drawing buffer.
      canvasContextAttributes={{ preserveDrawingBuffer: true }}
      // Tile and data licences (OpenStreetMap, GeoNames, Tianditu, AMap) ask for their credit line.
      attributionControl={{ compact: true }}
      {...props}
      onLoad={(e) => {
        setLoaded(true);
        onLoaded?.(e.target);
      }}
    >
      <NavigationControl position="top-right" />
      <ScaleControl position="bottom-left" />
      <Basemap />
      {loaded && children}
    </Map>
  );
}

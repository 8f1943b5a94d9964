import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Map, NavigationControl, ScaleControl } from 'react-map-gl/maplibre';
import type { MapProps, ViewState } from 'react-map-gl/maplibre';
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
 * A fresh map each time the page is shown again. The console keeps hidden tabs alive with React's
 * `<Activity>`, which runs effect clean-ups on hide: react-map-gl then removes its map, and on show
 * builds a new one while the controls and layers re-attach to the removed one, so the canvas stays
 * empty. Remounting the map (at the camera it was left at) gives every child the live map again.
 */
function useFreshMapOnShow() {
  const [shown, setShown] = useState<{ count: number; view?: ViewState }>({ count: 0 });
  const live = useRef<MapLibreMap | null>(null);
  const hidden = useRef<{ view?: ViewState } | null>(null);
  // A layout effect: its clean-up runs on hide before react-map-gl removes the map, so the camera
  // can still be read.
  useLayoutEffect(() => {
    const left = hidden.current;
    if (left !== null) {
      hidden.current = null;
      setShown((old) => ({ count: old.count + 1, view: left.view }));
    }
    return () => {
      const map = live.current;
      live.current = null;
      hidden.current = map === null ? {} : { view: cameraOf(map) };
    };
  }, []);
  return {
    shown,
    remember: (map: MapLibreMap) => {
      live.current = map;
    },
  };
}

function cameraOf(map: MapLibreMap): ViewState {
  const { lng, lat } = map.getCenter();
  return {
    longitude: lng,
    latitude: lat,
    zoom: map.getZoom(),
    bearing: map.getBearing(),
    pitch: map.getPitch(),
    padding: map.getPadding(),
  };
}

/**
 * The console's map: the chosen basemap under the page's layers, zoom and scale controls, and the
 * settings every map of the console shares. Pages give it a view and their layers.
 */
export function ConsoleMap({ children, onLoaded, ...props }: ConsoleMapProps) {
  const [loaded, setLoaded] = useState<number | null>(null);
  const { shown, remember } = useFreshMapOnShow();
  // The basemap is swapped in by <Basemap>; the map starts from its sea colour.
  const style = useStartStyle();
  return (
    <Map
      key={shown.count}
      mapLib={maplibregl}
      mapStyle={style}
      style={{ width: '100%', height: '100%' }}
      // html2canvas (report export) and page screenshots can only copy a WebGL canvas that keeps
      // its drawing buffer.
      canvasContextAttributes={{ preserveDrawingBuffer: true }}
      // Tile and data licences (OpenStreetMap, GeoNames, Tianditu, AMap) ask for their credit line.
      attributionControl={{ compact: true }}
      {...props}
      {...(shown.view ? { initialViewState: shown.view } : {})}
      onLoad={(e) => {
        setLoaded(shown.count);
        remember(e.target);
        onLoaded?.(e.target);
      }}
    >
      <NavigationControl position="top-right" />
      <ScaleControl position="bottom-left" />
      <Basemap />
      {loaded === shown.count && children}
    </Map>
  );
}

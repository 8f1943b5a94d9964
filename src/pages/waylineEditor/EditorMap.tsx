import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMap, type MapRef } from 'react-map-gl/maplibre';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { allPoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';
import { useFleetDevices } from '../../telemetry/useFleetDevices.ts';
import { DockLandmarks } from './DockLandmarks.tsx';
import { useDockPlaces, type DockPlace } from './dockPlaces.ts';
import { RouteDraw, type DrawMode, type RouteDrawHandlers } from './RouteDraw.tsx';
import { RouteLayers } from './RouteLayers.tsx';
import { useDisplayDatum } from './displayDatum.ts';

/**
 * Where the map opens before it knows better (the simulator's default centre, Shenzhen, Nanshan):
 * a loaded route, or else the project's docks, move the camera as soon as they are known.
 */
const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 14 };

interface Props extends RouteDrawHandlers {
  route: EditorRoute;
  selected: string | null;
  mode: DrawMode;
  area: [number, number][] | null;
  /** Changes when a route is loaded: the camera then fits it once. */
  loadKey: number;
}

/** The editor's map: basemap, the route and its drawing tools. */
export function EditorMap(props: Props) {
  const [loaded, setLoaded] = useState(false);
  // Kept here, not in FitRoute: the map's layers mount only once its style has loaded, often after
  // the route has, and a key first seen then must still be fitted. A new route (key 0) never is.
  const fittedRef = useRef(0);
  // The docks come from the project's device list, which this page may be the first to need.
  useFleetDevices();
  const docks = useDockPlaces();
  return (
    // `data-ready` tells tests (and styles) that the map and its drawing tools are in place.
    // `data-docks` names the docks drawn (the map itself is a canvas).
    <div
      className="sd-editor-map__inner"
      data-ready={loaded}
      data-docks={docks.map((dock) => dock.name).join('\n')}
    >
      <ConsoleMap
        initialViewState={INITIAL_VIEW}
        // A double click ends a drawn area; it must not zoom as well.
        doubleClickZoom={false}
        onLoaded={() => setLoaded(true)}
      >
        <DockLandmarks docks={docks} />
        <RouteLayers route={props.route} />
        <RouteDraw {...props} />
        <FitRoute route={props.route} loadKey={props.loadKey} fittedRef={fittedRef} />
        <FitDocks route={props.route} docks={docks} />
      </ConsoleMap>
    </div>
  );
}

interface FitProps {
  route: EditorRoute;
  loadKey: number;
  /** The last key fitted, so drawing never moves the camera under the pointer. */
  fittedRef: RefObject<number>;
}

/** Every place of `route`: its waypoints and its mapping area. */
function routePlaces(route: EditorRoute): [number, number][] {
  return [
    ...allPoints(route).map((p): [number, number] => [p.lng, p.lat]),
    ...(route.mapping?.ring ?? []),
  ];
}

/** Frames `places` (WGS-84 longitude, latitude) in the camera at once. */
function fitPlaces(map: MapRef, places: [number, number][], toDisplay: ToDisplay, maxZoom: number) {
  const shown = places.map(([lng, lat]) => toDisplay(lng, lat));
  const lngs = shown.map(([x]) => x);
  const lats = shown.map(([, y]) => y);
  map.fitBounds(
    [
      [Math.min(...lngs), Math.min(...lats)],
      [Math.max(...lngs), Math.max(...lats)],
    ],
    { padding: 60, maxZoom, duration: 0 },
  );
}

/** Moves the camera onto a freshly loaded route (every wayline and a mapping area). */
function FitRoute({ route, loadKey, fittedRef }: FitProps) {
  const map = useMap().current;
  const { toDisplay } = useDisplayDatum();
  useEffect(() => {
    const places = routePlaces(route);
    if (!map || fittedRef.current === loadKey || places.length === 0) return;
    fittedRef.current = loadKey;
    fitPlaces(map, places, toDisplay, 17);
  }, [map, route, loadKey, toDisplay, fittedRef]);
  return null;
}

/**
 * Opens an empty route over the project's docks as they become known (routes start from a dock),
 * until the user moves the map or draws. A route with places is `FitRoute`'s business.
 */
function FitDocks({ route, docks }: { route: EditorRoute; docks: DockPlace[] }) {
  const map = useMap().current;
  const { toDisplay } = useDisplayDatum();
  const userMoved = useRef(false);
  useEffect(() => {
    if (!map) return;
    const moved = (event: { originalEvent?: unknown }): void => {
      if (event.originalEvent !== undefined) userMoved.current = true;
    };
    map.on('movestart', moved);
    return () => void map.off('movestart', moved);
  }, [map]);
  useEffect(() => {
    if (!map || userMoved.current || docks.length === 0 || routePlaces(route).length > 0) return;
    fitPlaces(
      map,
      docks.map((dock) => [dock.lng, dock.lat]),
      toDisplay,
      15,
    );
  }, [map, route, docks, toDisplay]);
  return null;
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { allPoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import { RouteDraw, type DrawMode, type RouteDrawHandlers } from './RouteDraw.tsx';
import { RouteLayers } from './RouteLayers.tsx';
import { useDisplayDatum } from './displayDatum.ts';

/** The simulator's default centre (Shenzhen, Nanshan), close enough to place waypoints. */
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
  return (
    // `data-ready` tells tests (and styles) that the map and its drawing tools are in place.
    <div className="sd-editor-map__inner" data-ready={loaded}>
      <ConsoleMap
        initialViewState={INITIAL_VIEW}
        // A double click ends a drawn area; it must not zoom as well.
        doubleClickZoom={false}
        onLoaded={() => setLoaded(true)}
      >
        <RouteLayers route={props.route} />
        <RouteDraw {...props} />
        <FitRoute route={props.route} loadKey={props.loadKey} fittedRef={fittedRef} />
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

/** Moves the camera onto a freshly loaded route (every wayline and a mapping area). */
function FitRoute({ route, loadKey, fittedRef }: FitProps) {
  const map = useMap().current;
  const { toDisplay } = useDisplayDatum();
  useEffect(() => {
    const places: [number, number][] = [
      ...allPoints(route).map((p): [number, number] => [p.lng, p.lat]),
      ...(route.mapping?.ring ?? []),
    ];
    if (!map || fittedRef.current === loadKey || places.length === 0) return;
    fittedRef.current = loadKey;
    const shown = places.map(([lng, lat]) => toDisplay(lng, lat));
    const lngs = shown.map(([x]) => x);
    const lats = shown.map(([, y]) => y);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 60, maxZoom: 17, duration: 0 },
    );
  }, [map, route, loadKey, toDisplay, fittedRef]);
  return null;
}

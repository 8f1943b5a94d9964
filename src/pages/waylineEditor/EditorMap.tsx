import { useEffect, useRef, useState } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import type { EditorRoute } from '../../lib/route/routeModel.ts';
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
        <FitRoute route={props.route} loadKey={props.loadKey} />
      </ConsoleMap>
    </div>
  );
}

/** Moves the camera onto a freshly loaded route. */
function FitRoute({ route, loadKey }: { route: EditorRoute; loadKey: number }) {
  const map = useMap().current;
  const { toDisplay } = useDisplayDatum();
  // Starts at the first key, so drawing a new route never moves the camera under the pointer.
  const fitted = useRef(loadKey);
  useEffect(() => {
    if (!map || fitted.current === loadKey || route.points.length === 0) return;
    fitted.current = loadKey;
    const shown = route.points.map((p) => toDisplay(p.lng, p.lat));
    const lngs = shown.map(([x]) => x);
    const lats = shown.map(([, y]) => y);
    map.fitBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 60, maxZoom: 17, duration: 0 },
    );
  }, [map, route, loadKey, toDisplay]);
  return null;
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { allPoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import { framePlaces } from '../../map/framePlaces.ts';
import { DockLandmarks, FitDocks } from '../../components/DockLandmarks/DockLandmarks.tsx';
import { useDockPlaces } from '../../components/DockLandmarks/useDockPlaces.ts';
import { RouteDraw, type DrawMode, type RouteDrawHandlers } from './RouteDraw.tsx';
import { RouteLayers } from './RouteLayers.tsx';
import { HoleLayer } from './HoleLayer.tsx';
import { useDisplayDatum } from '../../map/displayCoords.ts';
import { AirspaceLayer } from '../../map/AirspaceLayer.tsx';
import { AirspaceMarkLayer } from './AirspaceMarkLayer.tsx';
import { marksLabel, type AirspaceMarks } from './airspaceMarks.ts';

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
  /** Holes of the shown area (none for an area drawn and not generated yet). */
  holes: readonly (readonly [number, number][])[];
  /** Changes when a route is loaded: the camera then fits it once. */
  loadKey: number;
  /** The planning check's findings to mark on the route (none once it is edited since). */
  marks: AirspaceMarks | null;
}

/** The editor's map: basemap, the project's airspace, the route and its drawing tools. */
export function EditorMap(props: Props) {
  const [loaded, setLoaded] = useState(false);
  // Kept here, not in FitRoute: the map's layers mount only once its style has loaded, often after
  // the route has, and a key first seen then must still be fitted. A new route (key 0) never is.
  const fittedRef = useRef(0);
  const docks = useDockPlaces();
  const [drawn, setDrawn] = useState(0);
  return (
    // `data-ready` tells tests (and styles) that the map and its drawing tools are in place.
    // `data-docks` names the docks drawn (the map itself is a canvas).
    <div
      className="sd-editor-map__inner"
      data-ready={loaded}
      data-docks={docks.map((dock) => dock.name).join('\n')}
      data-drawn-points={drawn}
      data-holes={props.holes.length}
      // The waypoints and legs marked by the planning check (`wp 3; leg 2-3`).
      data-airspace-marks={props.marks ? marksLabel(props.marks) : ''}
    >
      <ConsoleMap
        initialViewState={INITIAL_VIEW}
        // A double click ends a drawn area; it must not zoom as well.
        doubleClickZoom={false}
        onLoaded={() => setLoaded(true)}
      >
        {/* First, so the areas lie under the docks and the route. */}
        <AirspaceLayer />
        <DockLandmarks docks={docks} />
        <HoleLayer holes={props.holes} />
        <RouteLayers route={props.route} />
        {props.marks && <AirspaceMarkLayer route={props.route} marks={props.marks} />}
        <RouteDraw {...props} onDrawn={setDrawn} />
        <FitRoute route={props.route} loadKey={props.loadKey} fittedRef={fittedRef} />
        <FitDocks docks={docks} empty={routePlaces(props.route).length === 0} />
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

/** Moves the camera onto a freshly loaded route (every wayline and a mapping area). */
function FitRoute({ route, loadKey, fittedRef }: FitProps) {
  const map = useMap().current;
  const { toDisplay } = useDisplayDatum();
  useEffect(() => {
    const places = routePlaces(route);
    if (!map || fittedRef.current === loadKey || places.length === 0) return;
    fittedRef.current = loadKey;
    framePlaces(map, places, toDisplay, { padding: 60, maxZoom: 17 });
  }, [map, route, loadKey, toDisplay, fittedRef]);
  return null;
}

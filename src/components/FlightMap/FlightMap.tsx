import { AirspaceLayer } from '../../map/AirspaceLayer.tsx';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { FlightLayers } from './FlightLayers.tsx';
import type { FlightShapes } from './flightGeoJson.ts';

/** Where the map starts before the flight's route is known: the simulator's default centre. */
const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 12 };

/** A map of one flight on the chosen basemap, over the project's airspace. */
export function FlightMap({ shapes, large = false }: { shapes: FlightShapes; large?: boolean }) {
  return (
    <ConsoleMap initialViewState={INITIAL_VIEW}>
      {/* First, so the areas lie under the route and the track. */}
      <AirspaceLayer />
      <FlightLayers shapes={shapes} large={large} />
    </ConsoleMap>
  );
}

/**
 * The project's docks on a planning map (route editor, feature points), with their names: where a
 * flight takes off from, and a landmark on a basemap that may show nothing at street scale (the
 * offline map has no streets). `FitDocks` opens an empty map over them instead of a fixed place.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import type { FeatureCollection, Point } from 'geojson';
import { provideMapIcons } from '../../map/icons/mapIcons.ts';
import { DOCK_ICON_PREFIX } from '../../map/icons/dockIcons.ts';
import { useToDisplay } from '../../map/displayCoords.ts';
import { framePlaces } from '../../map/framePlaces.ts';
import type { DockPlace } from './dockPlaces.ts';

const SOURCE = 'dock-landmarks';

/** Draws `docks` (icon and name); mount it before the page's own layers so they draw above. */
export function DockLandmarks({ docks }: { docks: readonly DockPlace[] }) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  useEffect(() => (map === undefined ? undefined : provideMapIcons(map)), [map]);
  const data = useMemo(
    (): FeatureCollection<Point, { sn: string; name: string }> => ({
      type: 'FeatureCollection',
      features: docks.map((dock) => ({
        type: 'Feature',
        properties: { sn: dock.sn, name: dock.name },
        geometry: { type: 'Point', coordinates: toDisplay(dock.lng, dock.lat) },
      })),
    }),
    [docks, toDisplay],
  );
  return (
    <Source id={SOURCE} type="geojson" data={data}>
      <Layer
        id={`${SOURCE}-icon`}
        type="symbol"
        layout={{
          'icon-image': `${DOCK_ICON_PREFIX}ground`,
          'icon-allow-overlap': true,
          'text-field': ['get', 'name'],
          'text-font': ['sans-serif'],
          'text-size': 12,
          'text-offset': [0, 1.4],
          'text-anchor': 'top',
          'text-optional': true,
        }}
        paint={{
          'text-color': '#e5e8eb',
          'text-halo-color': '#1c2127',
          'text-halo-width': 1.5,
        }}
      />
    </Source>
  );
}

interface FitDocksProps {
  docks: readonly DockPlace[];
  /** Whether the map has nothing of its own to show yet (no route, no points). */
  empty: boolean;
  maxZoom?: number;
}

/**
 * Frames the docks as they become known while the map is `empty`, until the user moves the map: an
 * empty plan starts where the fleet is. Once the page has places of its own, it frames those.
 */
export function FitDocks({ docks, empty, maxZoom = 15 }: FitDocksProps) {
  const map = useMap().current;
  const toDisplay = useToDisplay();
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
    if (!map || userMoved.current || !empty || docks.length === 0) return;
    framePlaces(
      map,
      docks.map((dock) => [dock.lng, dock.lat] as const),
      toDisplay,
      { padding: 60, maxZoom },
    );
  }, [map, docks, empty, maxZoom, toDisplay]);
  return null;
}

/**
 * The project's docks on the editor map, with their names: where a route will take off from, and a
 * landmark on a basemap that may show nothing at street scale (the offline map has no streets). A
 * new route opens over them instead of over a fixed place.
 */
import { useEffect, useMemo } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import type { FeatureCollection, Point } from 'geojson';
import { provideMapIcons } from '../../map/icons/mapIcons.ts';
import { DOCK_ICON_PREFIX } from '../../map/icons/dockIcons.ts';
import type { DockPlace } from './dockPlaces.ts';
import { useDisplayDatum } from './displayDatum.ts';

const SOURCE = 'editor-docks';

/** Draws `docks` (icon and name) under the route's layers. */
export function DockLandmarks({ docks }: { docks: DockPlace[] }) {
  const map = useMap().current?.getMap();
  const { toDisplay } = useDisplayDatum();
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

/**
 * Every aircraft on the map from ONE clustered GeoJSON source. Renderless: the first effect adds the
 * source, layers, icons and handlers and returns their removal; the second only pushes data, at most
 * once per animation frame, whenever the fleet store applied a delta.
 */
import { useCallback, useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { clock } from '../../../lib/clock.ts';
import { useToDisplay } from '../../../map/displayCoords.ts';
import { fleetTelemetry } from '../../../state/fleet.ts';
import { noteDataPushed, noteFrameDrawn } from '../../../telemetry/frameProbe.ts';
import { provideMapIcons } from '../../../map/icons/mapIcons.ts';
import { dronesGeoJson } from './dronesGeoJson.ts';
import { pickSerial, pointerOver } from './layerPointer.ts';
import { mapAlive } from '../../../map/mapAlive.ts';
import { useFleetRedraw } from './useFleetRedraw.ts';
import { useLatest } from './useLatest.ts';
import {
  addDroneLayers,
  DRONE_LAYER,
  CLUSTER_LAYER,
  DRONES_SOURCE,
  removeDroneLayers,
} from './droneLayers.ts';

interface Props {
  selected: string | null;
  onSelect: (sn: string) => void;
}

function clusterZoom(map: MapLibreMap, event: MapLayerMouseEvent): void {
  const feature = event.features?.[0];
  const id: unknown = feature?.properties.cluster_id;
  const source = map.getSource<GeoJSONSource>(DRONES_SOURCE);
  if (typeof id !== 'number' || source === undefined || feature?.geometry.type !== 'Point') return;
  const [lon = 0, lat = 0] = feature.geometry.coordinates;
  void source.getClusterExpansionZoom(id).then((zoom) => map.easeTo({ center: [lon, lat], zoom }));
}

/** Draws the fleet; a click on a drone selects it, a click on a cluster zooms into it. */
export function DronesLayer({ selected, onSelect }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const onSelectRef = useLatest(onSelect);

  useEffect(() => {
    if (map === undefined) return;
    // Drones, clusters and docks alike: the docks layer relies on this resolver too.
    const stopIcons = provideMapIcons(map);
    addDroneLayers(map);
    const unpick = pickSerial(map, DRONE_LAYER, (sn) => onSelectRef.current(sn));
    const unpoint = pointerOver(map, [DRONE_LAYER, CLUSTER_LAYER]);
    const zoom = (event: MapLayerMouseEvent): void => clusterZoom(map, event);
    // The frame that shows a pushed update is the first render after the source finished loading it.
    const drawn = (event: { sourceId?: string; isSourceLoaded?: boolean }): void => {
      if (event.sourceId === DRONES_SOURCE && event.isSourceLoaded === true)
        map.once('render', () => noteFrameDrawn());
    };
    map.on('click', CLUSTER_LAYER, zoom);
    map.on('sourcedata', drawn);
    return () => {
      unpick();
      unpoint();
      map.off('click', CLUSTER_LAYER, zoom);
      map.off('sourcedata', drawn);
      stopIcons();
      if (!mapAlive(map)) return;
      removeDroneLayers(map);
    };
  }, [map, onSelectRef]);

  const draw = useCallback(
    (target: MapLibreMap): void => {
      noteDataPushed();
      const drones = dronesGeoJson(fleetTelemetry(), selected, clock.now(), toDisplay);
      void target.getSource<GeoJSONSource>(DRONES_SOURCE)?.setData(drones);
      // What the map holds, readable from the page (tests read it; a canvas has no DOM to query).
      target.getContainer().dataset.drones = String(drones.features.length);
    },
    [selected, toDisplay],
  );
  useFleetRedraw(map, draw);

  return null;
}

/**
 * Every aircraft on the map from ONE clustered GeoJSON source. Renderless: the first effect adds the
 * source, layers, icons and handlers and returns their removal; the second only pushes data, at most
 * once per animation frame, whenever the fleet store applied a delta.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { fleetTelemetry, onFleetFrame } from '../../../state/fleet.ts';
import { noteDataPushed, noteFrameDrawn } from '../../../telemetry/frameProbe.ts';
import { provideClusterIcons } from './clusterIcons.ts';
import { addDroneIcons, removeDroneIcons } from './droneIcons.ts';
import { dronesGeoJson } from './dronesGeoJson.ts';
import { mapAlive } from './mapAlive.ts';
import {
  addDroneLayers,
  DRONE_LAYER,
  CLUSTER_LAYER,
  DRONES_SOURCE,
  removeDroneLayers,
} from './droneLayers.ts';

/** Status colours depend on silence too, so the source is redrawn this often without news (ms). */
const IDLE_REDRAW_MS = 1_000;

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
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (map === undefined) return;
    addDroneIcons(map);
    const stopClusterIcons = provideClusterIcons(map);
    addDroneLayers(map);
    const pick = (event: MapLayerMouseEvent): void => {
      const sn: unknown = event.features?.[0]?.properties.sn;
      if (typeof sn === 'string') onSelectRef.current(sn);
    };
    const zoom = (event: MapLayerMouseEvent): void => clusterZoom(map, event);
    const pointer = (): void => void (map.getCanvas().style.cursor = 'pointer');
    const plain = (): void => void (map.getCanvas().style.cursor = '');
    // The frame that shows a pushed update is the first render after the source finished loading it.
    const drawn = (event: { sourceId?: string; isSourceLoaded?: boolean }): void => {
      if (event.sourceId === DRONES_SOURCE && event.isSourceLoaded === true)
        map.once('render', () => noteFrameDrawn());
    };
    map.on('click', DRONE_LAYER, pick);
    map.on('click', CLUSTER_LAYER, zoom);
    for (const layer of [DRONE_LAYER, CLUSTER_LAYER]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    map.on('sourcedata', drawn);
    return () => {
      map.off('click', DRONE_LAYER, pick);
      map.off('click', CLUSTER_LAYER, zoom);
      for (const layer of [DRONE_LAYER, CLUSTER_LAYER]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      map.off('sourcedata', drawn);
      stopClusterIcons();
      if (!mapAlive(map)) return;
      removeDroneLayers(map);
      removeDroneIcons(map);
    };
  }, [map]);

  useEffect(() => {
    if (map === undefined) return;
    let frame = 0;
    const push = (): void => {
      frame = 0;
      noteDataPushed();
      void map
        .getSource<GeoJSONSource>(DRONES_SOURCE)
        ?.setData(dronesGeoJson(fleetTelemetry(), selected, Date.now()));
    };
    const schedule = (): void => {
      if (frame === 0) frame = requestAnimationFrame(push);
    };
    const offFrame = onFleetFrame(schedule);
    const timer = window.setInterval(schedule, IDLE_REDRAW_MS);
    schedule();
    return () => {
      offFrame();
      window.clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, [map, selected]);

  return null;
}

/**
 * Every aircraft on the map: a WebGL custom layer draws the drones from the worker's position table
 * (see `gl/DroneGlLayer.ts`), and a small GeoJSON source holds the cluster bubbles of low zooms.
 * Renderless: the first effect adds the layers, icons and handlers and returns their removal; the
 * data half packs the fleet into the layer's vertex data once per fleet frame.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type {
  GeoJSONSource,
  MapLayerMouseEvent,
  MapMouseEvent,
  Map as MapLibreMap,
} from 'maplibre-gl';
import { clock } from '../../../lib/clock.ts';
import type { Cancel } from '../../../lib/clock.ts';
import { useToDisplay } from '../../../map/displayCoords.ts';
import { fleetTelemetry } from '../../../fleet/fleet.ts';
import {
  noteDataPushed,
  noteFrameDrawn,
  noteStep,
  stepStart,
} from '../../../telemetry/frameProbe.ts';
import { fleetPositionTable } from '../../../fleet/table/fleetPositions.ts';
import { setInterest } from '../../../fleet/interest.ts';
import { provideMapIcons } from '../../../map/icons/mapIcons.ts';
import { pointerOver } from './layerPointer.ts';
import { mapAlive } from '../../../map/mapAlive.ts';
import { largeLayerSpacing, useFleetRedraw } from './useFleetRedraw.ts';
import { useLatest } from '../../../lib/useLatest.ts';
import {
  addDroneLayers,
  CLUSTER_LAYER,
  DRONE_LAYER,
  DRONES_SOURCE,
  keepDroneLayers,
  removeDroneLayers,
} from './droneLayers.ts';
import { DroneGlLayer } from './gl/DroneGlLayer.ts';
import { DroneScene } from './droneScene.ts';
import type { SceneFrame } from './droneScene.ts';

interface Props {
  selected: string | null;
  onSelect: (sn: string) => void;
}

interface Drawing {
  scene: DroneScene;
  layer: DroneGlLayer;
}

/** Hands a scene frame to the map: vertex data to the GL layer, changed bubbles to their source. */
function show(map: MapLibreMap, layer: DroneGlLayer, frame: SceneFrame): void {
  layer.setInstances(frame.instances, frame.glideEnd, frame.hasSelected);
  if (frame.bubbles !== null)
    void map.getSource<GeoJSONSource>(DRONES_SOURCE)?.setData(frame.bubbles);
}

function clusterZoom(map: MapLibreMap, event: MapLayerMouseEvent): void {
  const feature = event.features?.[0];
  const zoom: unknown = feature?.properties.expansion_zoom;
  if (typeof zoom !== 'number' || feature?.geometry.type !== 'Point') return;
  const [lon = 0, lat = 0] = feature.geometry.coordinates;
  map.easeTo({ center: [lon, lat], zoom });
}

/** The drone under a screen point, hit-tested on the CPU against what the layer draws now. */
function droneAt(map: MapLibreMap, scene: DroneScene, event: MapMouseEvent): string | null {
  return scene.pick(clock.now(), event.point.x, event.point.y, (lon, lat) =>
    map.project([lon, lat]),
  );
}

/**
 * A pointer cursor while the mouse is over a drone, tested at most once per animation frame (a
 * test projects every drone). Like MapLibre's mouseenter/mouseleave, it only touches the cursor
 * when the pointer enters or leaves a drone, so the other layers' cursors are left alone.
 */
function pointerOverDrones(map: MapLibreMap, scene: DroneScene): () => void {
  let over = false;
  let pending: MapMouseEvent | null = null;
  let cancel: Cancel | null = null;
  const test = (): void => {
    cancel = null;
    if (pending === null) return;
    const hit = droneAt(map, scene, pending) !== null;
    pending = null;
    if (hit === over) return;
    over = hit;
    map.getCanvas().style.cursor = hit ? 'pointer' : '';
  };
  const move = (event: MapMouseEvent): void => {
    pending = event;
    cancel ??= clock.requestFrame(test);
  };
  map.on('mousemove', move);
  return () => {
    map.off('mousemove', move);
    cancel?.();
  };
}

/** Draws the fleet; a click on a drone selects it, a click on a cluster zooms into it. */
export function DronesLayer({ selected, onSelect }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const onSelectRef = useLatest(onSelect);
  const drawing = useRef<Drawing | null>(null);

  // The selected drone's panel shows every field at full rate; the worker sends the rest less often.
  useEffect(() => {
    setInterest('map-selection', selected === null ? [] : [selected]);
    return () => setInterest('map-selection', []);
  }, [selected]);

  useEffect(() => {
    if (map === undefined) return;
    // Drones, clusters and docks alike: the docks layer relies on this resolver too.
    const stopIcons = provideMapIcons(map);
    const scene = new DroneScene();
    // The frame that shows an upload is the first render of the layer after it.
    const layer = new DroneGlLayer(DRONE_LAYER, () => noteFrameDrawn());
    addDroneLayers(map, layer);
    const unkeep = keepDroneLayers(map, layer, () => scene.bubbles);
    drawing.current = { scene, layer };
    const pick = (event: MapMouseEvent): void => {
      const sn = droneAt(map, scene, event);
      if (sn !== null) onSelectRef.current(sn);
    };
    const unpointDrones = pointerOverDrones(map, scene);
    const unpointClusters = pointerOver(map, [CLUSTER_LAYER]);
    const zoomInto = (event: MapLayerMouseEvent): void => clusterZoom(map, event);
    // Bubbles are per zoom level: a new level re-clusters from the index, without new data.
    const zoomed = (): void => {
      const frame = scene.zoomed(clock.now(), map.getZoom());
      if (frame !== null) show(map, layer, frame);
    };
    map.on('click', pick);
    map.on('click', CLUSTER_LAYER, zoomInto);
    map.on('zoom', zoomed);
    return () => {
      drawing.current = null;
      unkeep();
      unpointDrones();
      unpointClusters();
      map.off('click', pick);
      map.off('click', CLUSTER_LAYER, zoomInto);
      map.off('zoom', zoomed);
      stopIcons();
      if (!mapAlive(map)) return;
      removeDroneLayers(map);
    };
  }, [map, onSelectRef]);

  const draw = useCallback(
    (target: MapLibreMap): void => {
      const current = drawing.current;
      if (current === null) return;
      stepStart('map');
      noteDataPushed();
      const frame = current.scene.update({
        now: clock.now(),
        cells: fleetTelemetry(),
        selected,
        toDisplay,
        table: fleetPositionTable(),
        zoom: target.getZoom(),
        glide: current.layer.smoothMotion,
      });
      show(target, current.layer, frame);
      // What the map holds, readable from the page (tests read it; a canvas has no DOM to query).
      target.getContainer().dataset.drones = String(current.scene.count);
      noteStep('map');
    },
    [selected, toDisplay],
  );
  // A push is one buffer upload: a GPU takes every fleet frame (and glides in between). On a
  // software rasterizer each push is a whole map frame of CPU, so a large fleet is spaced there.
  const pushInterval = useCallback((): number => {
    const current = drawing.current;
    if (current === null || current.layer.smoothMotion) return 0;
    return largeLayerSpacing(current.scene.count);
  }, []);
  useFleetRedraw(map, draw, pushInterval);

  return null;
}

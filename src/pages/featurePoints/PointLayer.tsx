/**
 * The points as one GeoJSON circle layer: a click opens a point, a drag moves it (saved by the page),
 * and in add mode a click on the map places a new one. Positions go through the basemap's datum both
 * ways, so a point dropped on a GCJ-02 basemap is stored as the WGS-84 place under the pointer.
 */
import { useEffect, useRef } from 'react';
import type {
  GeoJSONSource,
  MapLayerMouseEvent,
  MapLayerTouchEvent,
  MapMouseEvent,
  MapTouchEvent,
  Map as MapLibreMap,
} from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import type { FeaturePoint } from '../../../protocol/featurePoints.ts';
import { clock } from '../../lib/clock.ts';
import type { ToDisplay } from '../../map/datumConvert.ts';
import { mapAlive } from '../../map/mapAlive.ts';
import { useDisplayDatum } from '../../map/displayCoords.ts';

const SOURCE = 'fp-points';
const CIRCLES = 'fp-points-circles';
/** The drawn dots are counted at most this often while the map renders, ms. */
const COUNT_EVERY_MS = 200;
/** A press that moves less than this is a click, not a drag, px. */
const DRAG_PX = 4;

export interface PointLayerProps {
  points: readonly FeaturePoint[];
  picked: ReadonlySet<number>;
  adding: boolean;
  canMove: boolean;
  onPlace: (lng: number, lat: number) => void;
  onOpen: (id: number) => void;
  onMove: (id: number, lng: number, lat: number) => void;
}

interface Latest extends PointLayerProps {
  toDisplay: ToDisplay;
  fromDisplay: ToDisplay;
}

interface Drag {
  id: number;
  from: { x: number; y: number };
  at: [number, number] | null;
}

function geoJson(p: Latest, drag: Drag | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: p.points.map((q) => ({
      type: 'Feature' as const,
      geometry: {
        type: 'Point' as const,
        coordinates: drag?.id === q.id && drag.at ? drag.at : p.toDisplay(q.longitude, q.latitude),
      },
      properties: { id: q.id, picked: p.picked.has(q.id) },
    })),
  };
}

/** Hands the points to the map's source, if it is there (it is put back after a style change). */
function draw(map: MapLibreMap, p: Latest, drag: Drag | null): void {
  const source = map.getSource<GeoJSONSource>(SOURCE);
  const data = geoJson(p, drag);
  void source?.setData(data);
  // What the map was handed, for tests and for a person inspecting the page.
  map
    .getContainer()
    .setAttribute('data-drawn', source ? String(data.features.length) : 'no-source');
}

/** Renderless: mount inside the map once its style has loaded. */
export function PointLayer(props: PointLayerProps) {
  const map = useMap().current?.getMap();
  const { toDisplay, fromDisplay } = useDisplayDatum();
  const latest = useRef<Latest>({ ...props, toDisplay, fromDisplay });
  const drag = useRef<Drag | null>(null);
  useEffect(() => {
    latest.current = { ...props, toDisplay, fromDisplay };
  });

  useEffect(() => {
    if (map === undefined) return;
    const redraw = () => draw(map, latest.current, drag.current);
    // Put back after any style change that dropped them (a basemap or language switch), so the
    // points never silently vanish from the map.
    const ensure = () => {
      if (!mapAlive(map)) return;
      // Whether the dots are on the map right now, for tests and for a person inspecting the page.
      map.getContainer().setAttribute('data-layer', map.getLayer(CIRCLES) ? 'on' : 'off');
      if (map.getSource(SOURCE) && map.getLayer(CIRCLES)) return;
      try {
        if (!map.getSource(SOURCE))
          map.addSource(SOURCE, {
            type: 'geojson',
            data: { type: 'FeatureCollection', features: [] },
          });
        if (!map.getLayer(CIRCLES))
          map.addLayer({
            id: CIRCLES,
            type: 'circle',
            source: SOURCE,
            paint: {
              'circle-radius': ['case', ['get', 'picked'], 9, 7],
              'circle-color': ['case', ['get', 'picked'], '#2d72d2', '#cd4246'],
              'circle-stroke-width': 2,
              'circle-stroke-color': '#ffffff',
            },
          });
      } catch {
        // The style is half-way through a swap; its next `styledata` event tries again.
        return;
      }
      redraw();
      map.getContainer().setAttribute('data-layer', 'on');
    };
    ensure();
    const press = (e: MapLayerMouseEvent | MapLayerTouchEvent) => {
      const id = Number(e.features?.[0]?.properties.id);
      if (!Number.isInteger(id) || latest.current.adding) return;
      // The map must not pan while a point is held.
      e.preventDefault();
      drag.current = { id, from: e.point, at: null };
    };
    const move = (e: MapMouseEvent | MapTouchEvent) => {
      const d = drag.current;
      if (!d || !latest.current.canMove) return;
      if (!d.at && Math.hypot(e.point.x - d.from.x, e.point.y - d.from.y) < DRAG_PX) return;
      d.at = [e.lngLat.lng, e.lngLat.lat];
      map.getCanvas().style.cursor = 'grabbing';
      redraw();
    };
    const release = () => {
      const d = drag.current;
      drag.current = null;
      if (!d) return;
      map.getCanvas().style.cursor = '';
      const p = latest.current;
      if (!d.at) return p.onOpen(d.id);
      const [lng, lat] = p.fromDisplay(d.at[0], d.at[1]);
      p.onMove(d.id, lng, lat);
    };
    const click = (e: MapMouseEvent) => {
      const p = latest.current;
      if (!p.adding) return;
      const [lng, lat] = p.fromDisplay(e.lngLat.lng, e.lngLat.lat);
      p.onPlace(lng, lat);
    };
    const hover = () =>
      (map.getCanvas().style.cursor = latest.current.canMove ? 'grab' : 'pointer');
    const leave = () => (map.getCanvas().style.cursor = '');
    // How many dots the last drawn frame holds: the source takes data asynchronously, so a dot can
    // only be grabbed once this counts it (tests wait for it before dragging). Read on drawn frames,
    // since 'idle' does not come while any tile of the source is still pending and a dot already
    // drawn can be grabbed; at most every COUNT_EVERY_MS, as a moving map draws 60 frames a second,
    // and once more on 'idle' so the frame the map settles on is always counted.
    let lastCount = '';
    let countedAt = -Infinity;
    const count = () => {
      if (!mapAlive(map) || !map.getLayer(CIRCLES)) return;
      countedAt = clock.now();
      const drawn = String(map.queryRenderedFeatures({ layers: [CIRCLES] }).length);
      if (drawn === lastCount) return;
      lastCount = drawn;
      map.getContainer().setAttribute('data-rendered', drawn);
    };
    const rendered = () => {
      if (clock.now() - countedAt >= COUNT_EVERY_MS) count();
    };
    map.on('styledata', ensure);
    map.on('render', rendered);
    map.on('idle', count);
    map.on('mousedown', CIRCLES, press);
    map.on('touchstart', CIRCLES, press);
    map.on('mousemove', move);
    map.on('touchmove', move);
    map.on('mouseup', release);
    map.on('touchend', release);
    map.on('click', click);
    map.on('mouseenter', CIRCLES, hover);
    map.on('mouseleave', CIRCLES, leave);
    redraw();
    return () => {
      map.off('styledata', ensure);
      map.off('render', rendered);
      map.off('idle', count);
      map.off('mousedown', CIRCLES, press);
      map.off('touchstart', CIRCLES, press);
      map.off('mousemove', move);
      map.off('touchmove', move);
      map.off('mouseup', release);
      map.off('touchend', release);
      map.off('click', click);
      map.off('mouseenter', CIRCLES, hover);
      map.off('mouseleave', CIRCLES, leave);
      // The map may already be gone (its tab closed): nothing left to remove then.
      if (!mapAlive(map)) return;
      if (map.getLayer(CIRCLES)) map.removeLayer(CIRCLES);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  const { points, picked } = props;
  useEffect(() => {
    if (map) draw(map, { ...latest.current, points, picked, toDisplay }, drag.current);
  }, [map, points, picked, toDisplay]);

  return null;
}

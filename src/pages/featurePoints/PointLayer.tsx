/**
 * The points as one GeoJSON circle layer: a click opens a point, a drag moves it (saved by the page),
 * and in add mode a click on the map places a new one. Positions go through the basemap's datum both
 * ways, so a point dropped on a GCJ-02 basemap is stored as the WGS-84 place under the pointer.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { mapAlive } from '../../map/mapAlive.ts';
import { useDisplayDatum } from '../../map/displayCoords.ts';
import { drawPoints, POINT_CIRCLES, POINT_SOURCE } from './drawPoints.ts';
import { ensurePointLayer } from './ensurePointLayer.ts';
import { pointGestures } from './pointGestures.ts';
import type { LatestPoints, PointDrag, PointLayerProps } from './pointLayerTypes.ts';
import { renderedCounter } from './renderedCounter.ts';

export type { PointLayerProps } from './pointLayerTypes.ts';

/** Renderless: mount inside the map once its style has loaded. */
export function PointLayer(props: PointLayerProps) {
  const map = useMap().current?.getMap();
  const { toDisplay, fromDisplay } = useDisplayDatum();
  const latest = useRef<LatestPoints>({ ...props, toDisplay, fromDisplay });
  const drag = useRef<PointDrag | null>(null);
  useEffect(() => {
    latest.current = { ...props, toDisplay, fromDisplay };
  });

  useEffect(() => {
    if (map === undefined) return;
    const redraw = () => drawPoints(map, latest.current, drag.current);
    // Put back after any style change that dropped them, so the points never silently vanish.
    const ensure = () => ensurePointLayer(map, redraw);
    ensure();
    const { press, move, release, click, hover, leave } = pointGestures(map, latest, drag, redraw);
    const { count, rendered } = renderedCounter(map);
    map.on('styledata', ensure);
    map.on('render', rendered);
    map.on('idle', count);
    map.on('mousedown', POINT_CIRCLES, press);
    map.on('touchstart', POINT_CIRCLES, press);
    map.on('mousemove', move);
    map.on('touchmove', move);
    map.on('mouseup', release);
    map.on('touchend', release);
    map.on('click', click);
    map.on('mouseenter', POINT_CIRCLES, hover);
    map.on('mouseleave', POINT_CIRCLES, leave);
    redraw();
    return () => {
      map.off('styledata', ensure);
      map.off('render', rendered);
      map.off('idle', count);
      map.off('mousedown', POINT_CIRCLES, press);
      map.off('touchstart', POINT_CIRCLES, press);
      map.off('mousemove', move);
      map.off('touchmove', move);
      map.off('mouseup', release);
      map.off('touchend', release);
      map.off('click', click);
      map.off('mouseenter', POINT_CIRCLES, hover);
      map.off('mouseleave', POINT_CIRCLES, leave);
      // The map may already be gone (its tab closed): nothing left to remove then.
      if (!mapAlive(map)) return;
      if (map.getLayer(POINT_CIRCLES)) map.removeLayer(POINT_CIRCLES);
      if (map.getSource(POINT_SOURCE)) map.removeSource(POINT_SOURCE);
    };
  }, [map]);

  const { points, picked } = props;
  useEffect(() => {
    if (map) drawPoints(map, { ...latest.current, points, picked, toDisplay }, drag.current);
  }, [map, points, picked, toDisplay]);

  return null;
}

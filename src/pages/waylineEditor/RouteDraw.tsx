/**
 * terra-draw on the editor's map: clicks add, insert or select waypoints, drags move them, and the
 * polygon mode draws a mapping area or a hole in it. The route model stays the truth: every finished
 * gesture is reported up and turned into an edit, and the drawn points are rebuilt from the model
 * after it.
 */
import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import {
  TerraDraw,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { midpoints } from '../../lib/route/routeMeasure.ts';
import { activePoints, type EditorRoute } from '../../lib/route/routeModel.ts';
import { useDisplayDatum, type ToDisplay } from '../../map/displayCoords.ts';
import { useLatest } from '../../lib/useLatest.ts';

/** How near a click must be to a waypoint or a leg's midpoint to hit it, px (a fingertip). */
const HIT_PX = 14;
const COLORS = {
  point: '#2d72d2',
  selected: '#f0b726',
  outline: '#ffffff',
  area: '#7961db',
  /** The holes' orange (HoleLayer.tsx), so a hole being drawn already looks like one. */
  hole: '#ec9a3c',
} as const;

/** What a click on the map does: edit waypoints, draw the mapping area, or draw a hole in it. */
export type DrawMode = 'route' | 'mapping' | 'hole';

/** Whether a mode draws a polygon (terra-draw's polygon mode) rather than editing waypoints. */
const drawsPolygon = (mode: DrawMode) => mode !== 'route';

export interface RouteDrawHandlers {
  onAdd: (lng: number, lat: number) => void;
  onInsert: (index: number, lng: number, lat: number) => void;
  onMove: (id: string, lng: number, lat: number) => void;
  onSelect: (id: string) => void;
  onArea: (ring: [number, number][]) => void;
  /** A hole drawn in `hole` mode, WGS-84 `[lng, lat]`, not closed; the page decides whether it fits. */
  onHole: (ring: [number, number][]) => void;
}

interface Props extends RouteDrawHandlers {
  route: EditorRoute;
  selected: string | null;
  mode: DrawMode;
  area: [number, number][] | null;
  /** Told how many waypoints terra-draw holds after each redraw (the map shows it to tests). */
  onDrawn?: (count: number) => void;
}

let drawnIds = 0;

/**
 * Decimals terra-draw keeps of a longitude or latitude (its adapter's default, named here). It
 * refuses a feature with more, and a file from DJI's tools or a computed position (a midpoint, a
 * mapping line, a GCJ-02 shift) has 13 or more, so such a waypoint was silently left off the map.
 * 9 decimals are a tenth of a millimetre.
 */
const COORDINATE_PRECISION = 9;
const SCALE = 10 ** COORDINATE_PRECISION;

/** Where terra-draw draws a WGS-84 position: on the basemap's datum, to the decimals it accepts. */
function drawnAt(toDisplay: ToDisplay, lng: number, lat: number): [number, number] {
  const [x, y] = toDisplay(lng, lat);
  return [Math.round(x * SCALE) / SCALE, Math.round(y * SCALE) / SCALE];
}

// Not `selected`: terra-draw reserves that property for its select mode.
const isSelected = (f: GeoJSONStoreFeatures) => f.properties.picked === true;

/** The id of the mapping area's polygon: every other polygon is one being drawn. */
const AREA_ID = 'mapping-area';

/** `drawingHole` says, when terra-draw styles a polygon being drawn, whether it is a hole. */
function createDraw(map: MapLibreMap, drawingHole: () => boolean): TerraDraw {
  const polygonColor = (f: GeoJSONStoreFeatures) =>
    f.id !== AREA_ID && drawingHole() ? COLORS.hole : COLORS.area;
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: COORDINATE_PRECISION }),
    // Waypoint features carry the model's ids; ids terra-draw makes itself only need to be unique.
    idStrategy: {
      isValidId: (id) => typeof id === 'string' && id !== '',
      getId: () => `drawn-${++drawnIds}`,
    },
    modes: [
      new TerraDrawPointMode({
        editable: true,
        styles: {
          pointColor: (f) => (isSelected(f) ? COLORS.selected : COLORS.point),
          pointWidth: (f) => (isSelected(f) ? 9 : 7),
          pointOutlineColor: COLORS.outline,
          pointOutlineWidth: 2,
        },
      }),
      new TerraDrawPolygonMode({
        styles: {
          fillColor: polygonColor,
          fillOpacity: 0.15,
          outlineColor: polygonColor,
          outlineWidth: 2,
        },
      }),
    ],
  });
}

/** Renderless: mount inside react-map-gl's `<Map>` once its style has loaded. */
export function RouteDraw(props: Props) {
  const map = useMap().current?.getMap();
  const { toDisplay, fromDisplay } = useDisplayDatum();
  const drawRef = useRef<TerraDraw | null>(null);
  // Event handlers read the latest props without re-creating terra-draw on every render.
  const latest = useLatest({ ...props, toDisplay, fromDisplay });

  useEffect(() => {
    if (!map) return;
    const draw = createDraw(map, () => latest.current.mode === 'hole');
    draw.start();
    draw.setMode(drawsPolygon(latest.current.mode) ? 'polygon' : 'point');
    draw.on('finish', (id, context) => onFinish(map, draw, String(id), context, latest.current));
    drawRef.current = draw;
    // terra-draw's editable point mode keeps a click on an existing point to itself (no new point,
    // no event), so selecting one is read from the map's own click.
    const onClick = (e: MapMouseEvent) => {
      const p = latest.current;
      if (p.mode !== 'route') return;
      const hit = hitPoint(map, e.point, p);
      if (hit) p.onSelect(hit.id);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      drawRef.current = null;
      stopDraw(map, draw);
    };
  }, [map, latest]);

  useEffect(() => {
    drawRef.current?.setMode(drawsPolygon(props.mode) ? 'polygon' : 'point');
  }, [props.mode]);

  const { route, selected, area } = props;
  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    const old = draw.getSnapshot().filter((f) => f.properties.mode === 'point');
    draw.removeFeatures(old.map((f) => String(f.id)));
    const results = draw.addFeatures(
      activePoints(route).map((p) => ({
        id: p.id,
        type: 'Feature',
        geometry: { type: 'Point', coordinates: drawnAt(toDisplay, p.lng, p.lat) },
        properties: { mode: 'point', picked: p.id === selected },
      })),
    );
    // terra-draw answers a feature it refuses instead of throwing; one left out is a waypoint the
    // person cannot see or drag, so it is said where a developer looks.
    const refused = results.filter((r) => !r.valid);
    if (refused.length > 0) console.error('Waypoints not drawn:', refused);
    latest.current.onDrawn?.(results.length - refused.length);
  }, [route, selected, toDisplay, latest]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    const old = draw.getSnapshot().filter((f) => f.properties.mode === 'polygon');
    draw.removeFeatures(old.map((f) => String(f.id)));
    if (!area || area.length < 3) return;
    const ring = [...area, area[0] ?? [0, 0]].map(([lng, lat]) => drawnAt(toDisplay, lng, lat));
    const [result] = draw.addFeatures([
      {
        id: AREA_ID,
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: { mode: 'polygon' },
      },
    ]);
    if (result && !result.valid) console.error('Mapping area not drawn:', result);
  }, [area, toDisplay]);

  return null;
}

/** The source terra-draw's MapLibre adapter keeps its points in (its default id prefix is `td`). */
const DRAW_POINT_SOURCE = 'td-point';

/**
 * Takes terra-draw off the map. Leaving the page unmounts react-map-gl's `<Map>` before the layers
 * inside it, so the map may already be removed, with terra-draw's sources gone: clearing them then
 * threw from an effect clean-up and blanked the whole console. Stopping still cancels the adapter's
 * pending frame before it touches a source, so a failure is only swallowed when the map is gone.
 */
function stopDraw(map: MapLibreMap, draw: TerraDraw): void {
  const mapGone = map.getSource(DRAW_POINT_SOURCE) === undefined;
  try {
    draw.stop();
  } catch (error) {
    if (!mapGone) throw error;
  }
}

type Latest = Props & ReturnType<typeof useDisplayDatum>;

function coordinatesOf(draw: TerraDraw, id: string) {
  return draw.getSnapshot().find((f) => String(f.id) === id)?.geometry;
}

function onFinish(
  map: MapLibreMap,
  draw: TerraDraw,
  id: string,
  context: { mode: string; action: string },
  p: Latest,
): void {
  const geometry = coordinatesOf(draw, id);
  if (context.mode === 'polygon' && geometry?.type === 'Polygon') {
    const ring = (geometry.coordinates[0] ?? []).slice(0, -1);
    draw.removeFeatures([id]);
    const corners = ring.map(([x = 0, y = 0]) => p.fromDisplay(x, y));
    if (p.mode === 'hole') p.onHole(corners);
    else p.onArea(corners);
    return;
  }
  if (context.mode !== 'point' || geometry?.type !== 'Point') return;
  const [x = 0, y = 0] = geometry.coordinates;
  const [lng, lat] = p.fromDisplay(x, y);
  if (context.action !== 'draw') {
    p.onMove(id, lng, lat);
    p.onSelect(id);
    return;
  }
  // A click made a new point; what it means depends on what it landed on.
  draw.removeFeatures([id]);
  const click = map.project([x, y]);
  const hit = hitPoint(map, click, p);
  if (hit) return p.onSelect(hit.id);
  const mid = midpoints(p.route).find((m) => near(map, click, p.toDisplay(m.lng, m.lat)));
  if (mid) return p.onInsert(mid.index, mid.lng, mid.lat);
  p.onAdd(lng, lat);
}

function near(map: MapLibreMap, click: { x: number; y: number }, shown: [number, number]): boolean {
  const at = map.project(shown);
  return Math.hypot(at.x - click.x, at.y - click.y) <= HIT_PX;
}

/** The waypoint under a screen position, if any. */
function hitPoint(map: MapLibreMap, click: { x: number; y: number }, p: Latest) {
  return activePoints(p.route).find((q) => near(map, click, p.toDisplay(q.lng, q.lat)));
}

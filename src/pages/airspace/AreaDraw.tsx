/**
 * terra-draw on the airspace map: polygon mode (click the corners, close on the first one; a ring
 * crossing itself is refused as it is drawn) and circle mode (centre, then radius). A finished shape
 * is taken off terra-draw at once and handed up in WGS-84 — the page stores it and draws it with
 * the other areas. An area being reshaped is put on terra-draw in its select mode: a polygon's
 * corners are dragged, added from the midpoints and deleted (never into a ring crossing itself), a
 * circle is moved and resized; each change is handed up as the shape it now is. Renderless: mount
 * inside react-map-gl's `<Map>` once its style has loaded.
 */
import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { AirspaceArea, AirspaceShape } from '../../../protocol/airspace.ts';
import { ringOf } from '../../map/AirspaceLayer.tsx';
import { useDisplayDatum } from '../../map/displayCoords.ts';
import type { ToDisplay } from '../../map/displayCoords.ts';
import { COORDINATE_PRECISION, shapeOfDrawn } from './drawnShape.ts';

export type DrawTool = 'polygon' | 'circle' | null;

const COLOR = '#f0b726';

let drawnIds = 0;

/** The id of the area being reshaped on terra-draw (one at a time). */
const RESHAPE_ID = 'airspace-reshape';
const SCALE = 10 ** COORDINATE_PRECISION;

/** The area's ring where terra-draw draws it: on the basemap's datum, to the decimals it keeps. */
function drawnRing(area: AirspaceArea, toDisplay: ToDisplay): [number, number][] {
  return ringOf(area).map(([lng, lat]) => {
    const [x, y] = toDisplay(lng, lat);
    return [Math.round(x * SCALE) / SCALE, Math.round(y * SCALE) / SCALE];
  });
}

function createDraw(map: MapLibreMap): TerraDraw {
  const styles = {
    fillColor: COLOR,
    fillOpacity: 0.2,
    outlineColor: COLOR,
    outlineWidth: 2,
  } as const;
  return new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: COORDINATE_PRECISION }),
    idStrategy: {
      isValidId: (id) => typeof id === 'string' && id !== '',
      getId: () => `airspace-drawn-${String(++drawnIds)}`,
    },
    modes: [
      new TerraDrawPolygonMode({
        styles,
        // A ring crossing itself is one a dock refuses: terra-draw does not let it close.
        validation: (feature) => ValidateNotSelfIntersecting(feature),
      }),
      new TerraDrawCircleMode({ styles }),
      new TerraDrawSelectMode({
        flags: {
          polygon: {
            feature: {
              validation: (feature) => ValidateNotSelfIntersecting(feature),
              draggable: true,
              coordinates: { draggable: true, midpoints: { draggable: true }, deletable: true },
            },
          },
          circle: { feature: { draggable: true, coordinates: { resizable: 'center' } } },
        },
        // Only the area being reshaped is on terra-draw; clicking beside it must not drop it.
        allowManualDeselection: false,
      }),
    ],
  });
}

/** The source terra-draw's MapLibre adapter keeps its points in (its default id prefix is `td`). */
const DRAW_POINT_SOURCE = 'td-point';

/**
 * Takes terra-draw off the map. The map may already be removed when the page is left (react-map-gl
 * unmounts the map before the layers inside it): a failure is swallowed only then.
 */
function stopDraw(map: MapLibreMap, draw: TerraDraw): void {
  const mapGone = map.getSource(DRAW_POINT_SOURCE) === undefined;
  try {
    draw.stop();
  } catch (error) {
    if (!mapGone) throw error;
  }
}

interface Props {
  tool: DrawTool;
  onShape: (shape: AirspaceShape) => void;
  /** The area whose shape is being edited, or null. */
  reshape: AirspaceArea | null;
  /** The reshaped area's shape after each change. */
  onReshape: (shape: AirspaceShape) => void;
}

/**
 * The reshaped ring's corners in the map's pixels, `x,y;x,y…`, on the map's element: a canvas has
 * no DOM, and this is what a test needs to grab a corner.
 */
function showCorners(map: MapLibreMap, draw: TerraDraw | null): void {
  const feature = draw?.getSnapshotFeature(RESHAPE_ID);
  const ring = feature?.geometry.type === 'Polygon' ? (feature.geometry.coordinates[0] ?? []) : [];
  map.getContainer().dataset.reshapeCorners = ring
    .slice(0, -1)
    .map(([x = 0, y = 0]) => {
      const at = map.project([x, y]);
      return `${at.x.toFixed(1)},${at.y.toFixed(1)}`;
    })
    .join(';');
}

/** Draws one shape at a time with `tool` (nothing while it is null), or reshapes `reshape`. */
export function AreaDraw({ tool, onShape, reshape, onReshape }: Props) {
  const map = useMap().current?.getMap();
  const { fromDisplay, toDisplay } = useDisplayDatum();
  const drawRef = useRef<TerraDraw | null>(null);
  // The handlers read the latest props without re-creating terra-draw on every render.
  const latest = useRef({ onShape, onReshape, fromDisplay });
  useEffect(() => {
    latest.current = { onShape, onReshape, fromDisplay };
  });

  useEffect(() => {
    if (!map) return;
    const draw = createDraw(map);
    draw.start();
    draw.on('finish', (id, context) => {
      // The select mode finishes each edit of the area being reshaped too: that one stays.
      if (String(id) === RESHAPE_ID) return;
      const feature = draw.getSnapshot().find((f) => String(f.id) === String(id));
      draw.removeFeatures([id]);
      if (feature?.geometry.type !== 'Polygon') return;
      const shape = shapeOfDrawn(
        context.mode,
        feature.geometry.coordinates[0] ?? [],
        latest.current.fromDisplay,
      );
      if (shape) latest.current.onShape(shape);
    });
    draw.on('change', (ids, type) => {
      if (type !== 'update' || !ids.some((id) => String(id) === RESHAPE_ID)) return;
      const feature = draw.getSnapshotFeature(RESHAPE_ID);
      if (feature?.geometry.type !== 'Polygon') return;
      const mode = feature.properties.mode === 'circle' ? 'circle' : 'polygon';
      const ring = feature.geometry.coordinates[0] ?? [];
      const shape = shapeOfDrawn(mode, ring, latest.current.fromDisplay);
      if (shape) latest.current.onReshape(shape);
      showCorners(map, draw);
    });
    const onMoved = () => showCorners(map, draw);
    map.on('moveend', onMoved);
    drawRef.current = draw;
    return () => {
      map.off('moveend', onMoved);
      drawRef.current = null;
      stopDraw(map, draw);
    };
  }, [map]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !map) return;
    if (draw.getSnapshotFeature(RESHAPE_ID)) draw.removeFeatures([RESHAPE_ID]);
    if (reshape) {
      const circle = reshape.shape.type === 'circle';
      const [result] = draw.addFeatures([
        {
          id: RESHAPE_ID,
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [drawnRing(reshape, toDisplay)] },
          properties:
            reshape.shape.type === 'circle'
              ? { mode: 'circle', radiusKilometers: reshape.shape.radius / 1000 }
              : { mode: 'polygon' },
        },
      ]);
      if (result && !result.valid) console.error('Area not put on the map to reshape:', result);
      draw.setMode('select');
      draw.selectFeature(RESHAPE_ID);
      map.getContainer().dataset.drawTool = circle ? 'reshape-circle' : 'reshape-polygon';
      showCorners(map, draw);
      return;
    }
    draw.setMode(tool ?? 'static');
    // What the map is drawing, readable from the page (a canvas has no DOM to query).
    map.getContainer().dataset.drawTool = tool ?? '';
    map.getContainer().dataset.reshapeCorners = '';
  }, [tool, reshape, map, toDisplay]);

  return null;
}

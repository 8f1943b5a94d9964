/**
 * terra-draw on the airspace map: polygon mode (click the corners, close on the first one; a ring
 * crossing itself is refused as it is drawn) and circle mode (centre, then radius). A finished shape
 * is taken off terra-draw at once and handed up in WGS-84 — the page stores it and draws it with
 * the other areas. Renderless: mount inside react-map-gl's `<Map>` once its style has loaded.
 */
import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useMap } from 'react-map-gl/maplibre';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  ValidateNotSelfIntersecting,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { AirspaceShape } from '../../../protocol/airspace.ts';
import { useDisplayDatum } from '../../map/displayCoords.ts';
import { COORDINATE_PRECISION, shapeOfDrawn } from './drawnShape.ts';

export type DrawTool = 'polygon' | 'circle' | null;

const COLOR = '#f0b726';

let drawnIds = 0;

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
}

/** Draws one shape at a time with `tool` (nothing while it is null). */
export function AreaDraw({ tool, onShape }: Props) {
  const map = useMap().current?.getMap();
  const { fromDisplay } = useDisplayDatum();
  const drawRef = useRef<TerraDraw | null>(null);
  // The finish handler reads the latest props without re-creating terra-draw on every render.
  const latest = useRef({ onShape, fromDisplay });
  useEffect(() => {
    latest.current = { onShape, fromDisplay };
  });

  useEffect(() => {
    if (!map) return;
    const draw = createDraw(map);
    draw.start();
    draw.on('finish', (id, context) => {
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
    drawRef.current = draw;
    return () => {
      drawRef.current = null;
      stopDraw(map, draw);
    };
  }, [map]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    draw.setMode(tool ?? 'static');
    // What the map is drawing, readable from the page (a canvas has no DOM to query).
    if (map) map.getContainer().dataset.drawTool = tool ?? '';
  }, [tool, map]);

  return null;
}

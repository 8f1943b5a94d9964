/**
 * The project's airspace on a map that plans or watches flights: no-fly areas in red, operation
 * areas outlined in green, disabled ones grey and dashed, each with its name. Renderless apart from
 * its MapLibre source and layers; mount it inside a map whose style has loaded, before the layers
 * that should draw above it (docks, drones, routes). Without `areas` it shows the current
 * project's, kept current by `airspaceAreas.ts`.
 */
import { useEffect, useMemo } from 'react';
import { Layer, Source, useMap } from 'react-map-gl/maplibre';
import { centroid, circle } from '@turf/turf';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import type { ExpressionSpecification, FilterSpecification } from 'maplibre-gl';
import type { AirspaceArea, LngLat } from '../../protocol/airspace.ts';
import { useAirspaceAreas, useProjectId } from './airspaceAreas.ts';
import { useToDisplay } from './displayCoords.ts';
import type { ToDisplay } from './displayCoords.ts';

const SOURCE = 'skydeck-airspace';
/** Points of a circle as drawn: smooth at any zoom a planner uses. */
const CIRCLE_STEPS = 72;

interface AreaProps {
  id: number;
  name: string;
  /** `no_fly`, `operation`, or `off` when disabled. */
  look: string;
  picked: boolean;
}

/** The ring an area is drawn with, in WGS-84 (a circle as a polygon). */
export function ringOf(area: Pick<AirspaceArea, 'shape'>): LngLat[] {
  if (area.shape.type === 'polygon') return area.shape.coordinates;
  const round = circle(area.shape.center, area.shape.radius, {
    steps: CIRCLE_STEPS,
    units: 'meters',
  });
  return (round.geometry.coordinates[0] ?? []).map(([lng = 0, lat = 0]): LngLat => [lng, lat]);
}

function featuresOf(
  areas: readonly AirspaceArea[],
  selected: number | null,
  toDisplay: ToDisplay,
): FeatureCollection<Polygon | Point, AreaProps> {
  const features: Feature<Polygon | Point, AreaProps>[] = [];
  for (const area of areas) {
    const properties: AreaProps = {
      id: area.id,
      name: area.name,
      look: area.enabled ? area.kind : 'off',
      picked: area.id === selected,
    };
    const ring = ringOf(area).map(([lng, lat]) => toDisplay(lng, lat));
    const outline: Polygon = { type: 'Polygon', coordinates: [ring] };
    features.push({ type: 'Feature', properties, geometry: outline });
    const at =
      area.shape.type === 'circle'
        ? toDisplay(area.shape.center[0], area.shape.center[1])
        : centroid(outline).geometry.coordinates;
    features.push({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: at } });
  }
  return { type: 'FeatureCollection', features };
}

const colour: ExpressionSpecification = [
  'match',
  ['get', 'look'],
  'no_fly',
  '#e76a6e',
  'operation',
  '#32a467',
  '#8f99a8',
];
const polygons: FilterSpecification = ['==', ['geometry-type'], 'Polygon'];
const enabledPolygons: FilterSpecification = [
  'all',
  ['==', ['geometry-type'], 'Polygon'],
  ['!=', ['get', 'look'], 'off'],
];
const disabledPolygons: FilterSpecification = [
  'all',
  ['==', ['geometry-type'], 'Polygon'],
  ['==', ['get', 'look'], 'off'],
];

interface Props {
  /** The areas to draw; default: the current project's. */
  areas?: readonly AirspaceArea[];
  /** The area drawn highlighted (the airspace page's selection). */
  selected?: number | null;
}

/** Draws the areas (see the header). */
export function AirspaceLayer({ areas, selected = null }: Props) {
  const projectId = useProjectId();
  const loaded = useAirspaceAreas(areas === undefined ? projectId : undefined);
  const shown = areas ?? loaded;
  const toDisplay = useToDisplay();
  const map = useMap().current?.getMap();
  const data = useMemo(() => featuresOf(shown, selected, toDisplay), [shown, selected, toDisplay]);
  // What the map holds, readable from the page (a canvas has no DOM to query); `airspaceDrawn`
  // once the map went idle with it, every tile drawn (a map still loading a large offline
  // basemap draws the areas tile by tile, long after they are set).
  useEffect(() => {
    if (!map) return;
    const dataset = map.getContainer().dataset;
    const names = shown.map((a) => `${a.name}:${a.enabled ? a.kind : 'off'}`).join('\n');
    dataset.airspaceAreas = names;
    const drawn = () => {
      dataset.airspaceDrawn = names;
    };
    map.once('idle', drawn);
    return () => {
      map.off('idle', drawn);
    };
  }, [map, shown]);
  return (
    <Source id={SOURCE} type="geojson" data={data}>
      <Layer
        id={`${SOURCE}-fill`}
        type="fill"
        filter={polygons}
        paint={{
          'fill-color': colour,
          'fill-opacity': [
            'case',
            ['get', 'picked'],
            0.35,
            ['==', ['get', 'look'], 'no_fly'],
            0.2,
            0.07,
          ],
        }}
      />
      <Layer
        id={`${SOURCE}-line`}
        type="line"
        filter={enabledPolygons}
        paint={{ 'line-color': colour, 'line-width': ['case', ['get', 'picked'], 3.5, 2] }}
      />
      <Layer
        id={`${SOURCE}-line-off`}
        type="line"
        filter={disabledPolygons}
        paint={{
          'line-color': colour,
          'line-width': ['case', ['get', 'picked'], 3, 1.5],
          'line-dasharray': [2, 2],
        }}
      />
      <Layer
        id={`${SOURCE}-name`}
        type="symbol"
        filter={['==', ['geometry-type'], 'Point']}
        layout={{
          'text-field': ['get', 'name'],
          'text-font': ['sans-serif'],
          'text-size': 12,
          'text-optional': true,
        }}
        // Light on a dark halo: readable on the area's own fill and on any basemap.
        paint={{
          'text-color': '#f6f7f9',
          'text-halo-color': '#1c2127',
          'text-halo-width': 1.5,
        }}
      />
    </Source>
  );
}

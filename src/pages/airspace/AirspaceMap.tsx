/**
 * The airspace page's map: the project's docks for orientation, its areas (the selected one
 * highlighted), and the drawing tools. It opens over the areas, or over the docks when there are
 * none, and leaves the camera alone once the user moved it.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { AirspaceArea, AirspaceShape } from '../../../protocol/airspace.ts';
import { DockLandmarks, FitDocks } from '../../components/DockLandmarks/DockLandmarks.tsx';
import { useDockPlaces } from '../../components/DockLandmarks/useDockPlaces.ts';
import { AirspaceLayer, ringOf } from '../../map/AirspaceLayer.tsx';
import { ConsoleMap } from '../../map/ConsoleMap.tsx';
import { useToDisplay } from '../../map/displayCoords.ts';
import { framePlaces } from '../../map/framePlaces.ts';
import { AreaDraw } from './AreaDraw.tsx';
import type { DrawTool } from './AreaDraw.tsx';

const INITIAL_VIEW = { longitude: 113.95, latitude: 22.54, zoom: 12 };

/** Frames the areas once they are known (and again when one is picked), unless the user moved. */
function FitAreas({
  areas,
  selected,
}: {
  areas: readonly AirspaceArea[];
  selected: number | null;
}) {
  const map = useMap().current;
  const toDisplay = useToDisplay();
  const framed = useRef(false);
  useEffect(() => {
    if (!map) return;
    const picked = areas.find((a) => a.id === selected);
    if (!picked && (framed.current || areas.length === 0)) return;
    framed.current = true;
    const places = (picked ? [picked] : areas).flatMap((a) => ringOf(a));
    framePlaces(map, places, toDisplay, { padding: 60, maxZoom: 16 });
  }, [map, areas, selected, toDisplay]);
  return null;
}

interface Props {
  areas: readonly AirspaceArea[];
  selected: number | null;
  tool: DrawTool;
  onShape: (shape: AirspaceShape) => void;
  reshape: AirspaceArea | null;
  onReshape: (shape: AirspaceShape) => void;
}

/** The map pane of the page. */
export function AirspaceMap({ areas, selected, tool, onShape, reshape, onReshape }: Props) {
  const docks = useDockPlaces();
  return (
    <ConsoleMap initialViewState={INITIAL_VIEW}>
      {/* The area being reshaped is drawn by terra-draw alone, where it is being moved to. */}
      <AirspaceLayer
        areas={reshape ? areas.filter((a) => a.id !== reshape.id) : areas}
        selected={selected}
      />
      <DockLandmarks docks={docks} />
      <FitDocks docks={docks} empty={areas.length === 0} />
      <FitAreas areas={areas} selected={selected} />
      <AreaDraw tool={tool} onShape={onShape} reshape={reshape} onReshape={onReshape} />
    </ConsoleMap>
  );
}

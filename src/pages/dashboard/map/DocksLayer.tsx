/**
 * Docks on the map with their own icon, and a thin line from each aircraft out of its dock back to
 * it. Renderless, like every layer here: one effect adds sources, layers and handlers; the other
 * pushes data at most once per animation frame after the fleet store applied a delta.
 */
import { useCallback, useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { clock } from '../../../lib/clock.ts';
import { useToDisplay } from '../../../map/displayCoords.ts';
import { fleetEntries } from '../../../state/fleet.ts';
import {
  addDockLayers,
  DOCK_LAYER,
  DOCKS_SOURCE,
  LINKS_SOURCE,
  removeDockLayers,
} from './dockLayers.ts';
import { docksGeoJson } from './docksGeoJson.ts';
import { pickSerial, pointerOver } from './layerPointer.ts';
import { mapAlive } from '../../../map/mapAlive.ts';
import { useFleetRedraw } from './useFleetRedraw.ts';
import { useLatest } from './useLatest.ts';

interface Props {
  selected: string | null;
  onSelect: (sn: string) => void;
}

/** Draws the docks and links; a click on a dock selects it. */
export function DocksLayer({ selected, onSelect }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();
  const onSelectRef = useLatest(onSelect);

  useEffect(() => {
    if (map === undefined) return;
    addDockLayers(map);
    const unpick = pickSerial(map, DOCK_LAYER, (sn) => onSelectRef.current(sn));
    const unpoint = pointerOver(map, [DOCK_LAYER]);
    return () => {
      unpick();
      unpoint();
      if (!mapAlive(map)) return;
      removeDockLayers(map);
    };
  }, [map, onSelectRef]);

  const draw = useCallback(
    (target: MapLibreMap): void => {
      const { docks, links } = docksGeoJson(fleetEntries(), selected, clock.now(), toDisplay);
      void target.getSource<GeoJSONSource>(DOCKS_SOURCE)?.setData(docks);
      void target.getSource<GeoJSONSource>(LINKS_SOURCE)?.setData(links);
      target.getContainer().dataset.docks = String(docks.features.length);
    },
    [selected, toDisplay],
  );
  useFleetRedraw(map, draw);

  return null;
}

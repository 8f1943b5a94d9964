/**
 * Docks on the map with their own icon, and a thin line from each aircraft out of its dock back to
 * it. Renderless, like every layer here: one effect adds sources, layers and handlers; the other
 * pushes data at most once per animation frame after the fleet store applied a delta.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { clock } from '../../../lib/clock.ts';
import { useToDisplay } from '../../../map/displayCoords.ts';
import { fleetEntries } from '../../../fleet/fleet.ts';
import {
  addDockLayers,
  DOCK_LAYER,
  DOCKS_SOURCE,
  LINKS_SOURCE,
  removeDockLayers,
} from './dockLayers.ts';
import { docksGeoJson } from './docksGeoJson.ts';
import { pickSerial, pointerOver } from './layerPointer.ts';
import { setDataIfChanged } from './setDataIfChanged.ts';
import { mapAlive } from '../../../map/mapAlive.ts';
import { largeLayerSpacing, useFleetRedraw } from './useFleetRedraw.ts';
import { useLatest } from '../../../lib/useLatest.ts';

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

  const linkCount = useRef(0);
  const draw = useCallback(
    (target: MapLibreMap): void => {
      const { docks, links } = docksGeoJson(fleetEntries(), selected, clock.now(), toDisplay);
      setDataIfChanged(target.getSource<GeoJSONSource>(DOCKS_SOURCE), docks);
      setDataIfChanged(target.getSource<GeoJSONSource>(LINKS_SOURCE), links);
      linkCount.current = links.features.length;
      target.getContainer().dataset.docks = String(docks.features.length);
    },
    [selected, toDisplay],
  );
  // A link follows its aircraft, so many aircraft out of their docks re-tile the links at the
  // telemetry rate: spaced like the drones' own pushes once there are as many.
  const pushInterval = useCallback(() => largeLayerSpacing(linkCount.current), []);
  useFleetRedraw(map, draw, pushInterval);

  return null;
}

/**
 * Follow mode: keeps the selected drone in the centre. Renderless; it moves the camera on frames that
 * changed the drone, and gives up as soon as the operator drags the map.
 */
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { deviceCell, onFleetFrame } from '../../../fleet/fleet.ts';
import type { ToDisplay } from '../../../map/displayCoords.ts';
import { useToDisplay } from '../../../map/displayCoords.ts';
import { positionOf as readPosition } from '../../../fleet/derive/fields.ts';

interface Props {
  sn: string | null;
  follow: boolean;
  onStop: () => void;
}

/** Close enough that no cluster hides the selected drone (clusters stop above zoom 13). */
const FOCUS_ZOOM = 14;

/** Where `sn` is drawn (an aircraft or a dock alike), or `null` before it sent a position. */
function positionOf(sn: string, toDisplay: ToDisplay): [number, number] | null {
  const osd = readPosition(deviceCell(sn).live);
  const lon = osd.num('longitude');
  const lat = osd.num('latitude');
  return lon === null || lat === null ? null : toDisplay(lon, lat);
}

/** Flies to a newly selected drone, then centres the map on it while `follow` is on. */
export function FollowCamera({ sn, follow, onStop }: Props) {
  const map = useMap().current?.getMap();
  const toDisplay = useToDisplay();

  useEffect(() => {
    const centre = sn === null ? null : positionOf(sn, toDisplay);
    if (map === undefined || centre === null) return;
    map.easeTo({ center: centre, zoom: Math.max(map.getZoom(), FOCUS_ZOOM) });
  }, [map, sn, toDisplay]);

  useEffect(() => {
    if (map === undefined || sn === null || !follow) return;
    const centre = (): void => {
      const position = positionOf(sn, toDisplay);
      if (position !== null) map.jumpTo({ center: position });
    };
    centre();
    const offFrame = onFleetFrame((changed) => {
      if (changed.includes(sn)) centre();
    });
    map.on('dragstart', onStop);
    return () => {
      offFrame();
      map.off('dragstart', onStop);
    };
  }, [map, sn, follow, onStop, toDisplay]);

  return null;
}

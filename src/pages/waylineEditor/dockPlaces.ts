/** Where the project's docks stand, for the editor map (see `DockLandmarks`). */
import { useEffect, useRef, useState } from 'react';
import { clock } from '../../lib/clock.ts';
import { fleetEntries, onFleetFrame, onFleetIndexChange } from '../../state/fleet.ts';
import { kindOf } from '../../telemetry/fleetCounts.ts';
import { positionOf } from '../../telemetry/fields.ts';

export interface DockPlace {
  sn: string;
  name: string;
  lng: number;
  lat: number;
}

/** Docks stand still: their places are read again at most this often (ms). */
const REREAD_MS = 2_000;

/** Every dock of the watched fleet that has reported a position. */
export function dockPlaces(): DockPlace[] {
  const places: DockPlace[] = [];
  for (const [sn, cell] of fleetEntries()) {
    if (kindOf(cell.info, cell.live) !== 'dock') continue;
    const osd = positionOf(cell.live);
    const lng = osd.num('longitude');
    const lat = osd.num('latitude');
    if (lng === null || lat === null) continue;
    places.push({ sn, name: cell.info?.name ?? sn, lng, lat });
  }
  return places.sort((a, b) => a.sn.localeCompare(b.sn));
}

const sameKey = (places: DockPlace[]): string =>
  places.map((p) => `${p.sn}:${p.name}:${p.lng.toFixed(5)}:${p.lat.toFixed(5)}`).join('|');

/** The docks' places, kept current as the fleet reports, without a render per telemetry frame. */
export function useDockPlaces(): DockPlace[] {
  const [places, setPlaces] = useState(dockPlaces);
  const key = useRef(sameKey(places));
  useEffect(() => {
    let readAt = 0;
    const reread = (): void => {
      const now = clock.now();
      if (now - readAt < REREAD_MS) return;
      readAt = now;
      const next = dockPlaces();
      const nextKey = sameKey(next);
      if (nextKey === key.current) return;
      key.current = nextKey;
      setPlaces(next);
    };
    const offFrame = onFleetFrame(reread);
    const offIndex = onFleetIndexChange(() => {
      readAt = 0;
      reread();
    });
    return () => {
      offFrame();
      offIndex();
    };
  }, []);
  return places;
}

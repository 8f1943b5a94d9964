/** The docks' places as a React state, for the planning maps (see `DockLandmarks`). */
import { useEffect, useRef, useState } from 'react';
import { clock } from '../../lib/clock.ts';
import { onFleetFrame, onFleetIndexChange } from '../../fleet/fleet.ts';
import { useFleetDevices } from '../../fleet/load/useFleetDevices.ts';
import { dockPlaces, type DockPlace } from './dockPlaces.ts';

/** Docks stand still: their places are read again at most this often (ms). */
const REREAD_MS = 2_000;

const sameKey = (places: DockPlace[]): string =>
  places.map((p) => `${p.sn}:${p.name}:${p.lng.toFixed(5)}:${p.lat.toFixed(5)}`).join('|');

/**
 * The docks' places (loading the device list), kept current as the fleet reports, without a render
 * per telemetry frame.
 */
export function useDockPlaces(): DockPlace[] {
  // The docks come from the project's device list, which the page may be the first to need.
  useFleetDevices();
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

/**
 * The data half of a fleet map layer: redraw at most once per animation frame after the fleet store
 * applied a delta, and on a slow timer without news, because status colours depend on silence too.
 */
import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { clock } from '../../../lib/clock.ts';
import type { Cancel } from '../../../lib/clock.ts';
import { onFleetFrame } from '../../../state/fleet.ts';

/** How often a layer is redrawn when no delta arrives, so silence shows as a colour change (ms). */
const IDLE_REDRAW_MS = 1_000;

/** Calls `draw(map)` once per frame with fleet news and every second without; `draw` should be stable. */
export function useFleetRedraw(
  map: MapLibreMap | undefined,
  draw: (map: MapLibreMap) => void,
): void {
  useEffect(() => {
    if (map === undefined) return;
    let cancelFrame: Cancel | null = null;
    const push = (): void => {
      cancelFrame = null;
      draw(map);
    };
    const schedule = (): void => {
      cancelFrame ??= clock.requestFrame(push);
    };
    const offFrame = onFleetFrame(schedule);
    const stopTimer = clock.setInterval(schedule, IDLE_REDRAW_MS);
    schedule();
    return () => {
      offFrame();
      stopTimer();
      cancelFrame?.();
    };
  }, [map, draw]);
}

/**
 * The data half of a fleet map layer: redraw at most once per animation frame after the fleet store
 * applied a delta, and on a slow timer without news, because status colours depend on silence too.
 */
import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { clock } from '../../../lib/clock.ts';
import type { Cancel } from '../../../lib/clock.ts';
import { onFleetFrame } from '../../../fleet/fleet.ts';

/** How often a layer is redrawn when no delta arrives, so silence shows as a colour change (ms). */
const IDLE_REDRAW_MS = 1_000;

/**
 * A layer holding this many features or more is pushed at most every {@link LARGE_LAYER_PUSH_MS} ms
 * where a push is dear: each one re-tiles a GeoJSON source, or (with WebGL in software) redraws a
 * map frame that costs a large share of a second. 4 Hz keeps motion readable; a handful of features
 * is cheap to push every delta.
 */
export const LARGE_LAYER_FEATURES = 50;
export const LARGE_LAYER_PUSH_MS = 250;

/** The spacing between pushes of a layer of `features` features: see {@link LARGE_LAYER_FEATURES}. */
export const largeLayerSpacing = (features: number): number =>
  features >= LARGE_LAYER_FEATURES ? LARGE_LAYER_PUSH_MS : 0;

/**
 * Calls `draw(map)` once per frame with fleet news and every second without; `draw` should be stable.
 * `minIntervalMs()` (ms, read at each scheduling) spaces the draws further apart: each one re-tiles a whole GeoJSON source in
 * MapLibre, so a large fleet is pushed a few times a second, not at the telemetry rate.
 */
export function useFleetRedraw(
  map: MapLibreMap | undefined,
  draw: (map: MapLibreMap) => void,
  minIntervalMs: () => number = () => 0,
): void {
  useEffect(() => {
    if (map === undefined) return;
    let cancelFrame: Cancel | null = null;
    let cancelWait: Cancel | null = null;
    let lastAt = -Infinity;
    const push = (): void => {
      cancelFrame = null;
      lastAt = clock.now();
      draw(map);
    };
    const schedule = (): void => {
      if (cancelFrame !== null || cancelWait !== null) return;
      const wait = lastAt + minIntervalMs() - clock.now();
      if (wait <= 0) {
        cancelFrame = clock.requestFrame(push);
        return;
      }
      cancelWait = clock.setTimeout(() => {
        cancelWait = null;
        cancelFrame ??= clock.requestFrame(push);
      }, wait);
    };
    const offFrame = onFleetFrame(schedule);
    const stopTimer = clock.setInterval(schedule, IDLE_REDRAW_MS);
    schedule();
    return () => {
      offFrame();
      stopTimer();
      cancelFrame?.();
      cancelWait?.();
    };
  }, [map, draw, minIntervalMs]);
}

/**
 * The replay map, reached from the page without reaching into ReplayMap.tsx: the page wraps the
 * map in react-map-gl's `MapProvider`, where the map (it has no id) registers as `default`. The page
 * reads it to copy moments of the map into the report and to mark when a window is first drawn.
 */
import { useEffect } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ReplayWindow } from '../../../protocol/replay.ts';
import { clock } from '../../lib/clock.ts';
import { mapAlive } from '../../map/mapAlive.ts';

/** The map's aircraft source (ReplayMap.tsx): the fleet at the cursor is drawn once it loaded. */
const AIRCRAFT_SOURCE = 'skydeck-replay-aircraft';
/**
 * The longest a copy of the map waits for tiles, icons and data still loading: a busy map takes
 * seconds to settle, and a copy taken early misses its basemap and aircraft.
 */
const SETTLE_MAX_MS = 15_000;

/** User Timing marks of a window's way to the screen, read by the benchmark (bench/replay/). */
export const REPLAY_MARKS = {
  /** The answer is in the page's state. */
  data: 'skydeck:replay-data',
  /** The first frame with the aircraft at the cursor drawn. */
  frame: 'skydeck:replay-frame',
  /** The map has nothing left to load or draw: tracks, trails and basemap included. */
  idle: 'skydeck:replay-idle',
  /** The answer in the page's state is the full one, not a long window's overview. */
  full: 'skydeck:replay-full',
} as const;

/** Renders nothing; hands the page the map registered with the surrounding `MapProvider`. */
export function MapHandle({ onMap }: { onMap: (map: MapLibreMap | null) => void }) {
  const map = useMap().default?.getMap() ?? null;
  useEffect(() => {
    onMap(map);
    return () => onMap(null);
  }, [map, onMap]);
  return null;
}

/**
 * Marks {@link REPLAY_MARKS} for each new answer: its arrival (and whether it is the full one, not
 * an overview), its first frame, the map at rest.
 */
export function useDrawnMarks(
  map: MapLibreMap | null,
  data: ReplayWindow | null,
  partial: boolean,
): void {
  useEffect(() => {
    if (data === null) return;
    performance.mark(REPLAY_MARKS.data);
    if (!partial) performance.mark(REPLAY_MARKS.full);
  }, [data, partial]);
  useEffect(() => {
    if (data === null || map === null) return;
    // The layers set their data in effects of the map's children, which run before this one: the
    // aircraft source is loading the new answer now.
    let framed = false;
    const onRender = () => {
      if (framed || map.getSource(AIRCRAFT_SOURCE) === undefined) return;
      if (!map.isSourceLoaded(AIRCRAFT_SOURCE)) return;
      framed = true;
      performance.mark(REPLAY_MARKS.frame);
    };
    const onIdle = () => performance.mark(REPLAY_MARKS.idle);
    map.on('render', onRender);
    map.once('idle', onIdle);
    return () => {
      map.off('render', onRender);
      map.off('idle', onIdle);
    };
  }, [map, data]);
}

/**
 * Resolves once `map` has drawn what it was given (its `idle`), or after {@link SETTLE_MAX_MS} of
 * tiles that never come (an offline basemap server): a copy of the canvas then shows the moment as
 * drawn.
 */
export function settled(map: MapLibreMap): Promise<void> {
  return new Promise((done) => {
    if (!mapAlive(map)) {
      done();
      return;
    }
    const finish = () => {
      cancel();
      map.off('idle', finish);
      done();
    };
    const cancel = clock.setTimeout(finish, SETTLE_MAX_MS);
    map.once('idle', finish);
    // An idle map fires nothing more until something changes: ask for one more frame.
    map.triggerRepaint();
  });
}

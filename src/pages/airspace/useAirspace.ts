/**
 * The page's data: the project's areas and its docks' sync state, read again after every change
 * and polled while the page is open (a dock reports its sync within seconds of being told).
 */
import { useCallback, useEffect, useState } from 'react';
import type { AirspaceArea, AirspaceSync } from '../../../protocol/airspace.ts';
import { clock } from '../../lib/clock.ts';
import { airspaceChanged, listAirspace } from '../../map/airspaceAreas.ts';
import { fetchSync } from './airspaceApi.ts';

/** The docks' state is read again this often, ms. */
const POLL_MS = 3_000;

export interface AirspaceData {
  areas: readonly AirspaceArea[] | null;
  sync: AirspaceSync | null;
  /** Reads both again, and tells the other maps the areas changed. */
  reload: () => void;
}

/** Areas and sync state of project `workspaceId`. */
export function useAirspace(workspaceId: number): AirspaceData {
  const [areas, setAreas] = useState<readonly AirspaceArea[] | null>(null);
  const [sync, setSync] = useState<AirspaceSync | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    listAirspace(workspaceId).then(
      (list) => {
        if (live) setAreas(list);
      },
      () => undefined,
    );
    const poll = () => {
      fetchSync(workspaceId).then(
        (next) => {
          if (live) setSync(next);
        },
        () => undefined,
      );
    };
    poll();
    const stop = clock.setInterval(poll, POLL_MS);
    return () => {
      live = false;
      stop();
    };
  }, [workspaceId, generation]);
  const reload = useCallback(() => {
    setGeneration((g) => g + 1);
    airspaceChanged(workspaceId);
  }, [workspaceId]);
  return { areas, sync, reload };
}

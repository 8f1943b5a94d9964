import { useEffect, useState } from 'react';
import { readDroneLocations } from '../../../protocol/airspace.ts';
import { onFleetEvents } from '../../fleet/fleet.ts';
import { useTelemetryKinds } from '../../telemetry/telemetryKinds.ts';
import type { AreaDistances } from './airspaceAlarm.ts';

const KIND = 'flight_areas_drone_location';

/**
 * The dock's latest `flight_areas_drone_location` report (each second while its aircraft flies):
 * where the aircraft is against each of the project's flight areas, as the dock itself measures it.
 */
export function useAreaDistances(dockSn: string): AreaDistances | null {
  // Kept with the dock it is of: another dock's report is never shown after the page changed docks.
  const [latest, setLatest] = useState<(AreaDistances & { dockSn: string }) | null>(null);
  useTelemetryKinds([KIND]);
  useEffect(() => {
    return onFleetEvents((events) => {
      let found: AreaDistances | null = null;
      for (const e of events) {
        if (e.kind !== KIND || e.sn !== dockSn) continue;
        const data =
          typeof e.data === 'object' && e.data !== null && !Array.isArray(e.data) ? e.data : {};
        found = { receivedAt: e.receivedAt, locations: readDroneLocations(data) };
      }
      if (found !== null) setLatest({ ...found, dockSn });
    });
  }, [dockSn]);
  return latest?.dockSn === dockSn ? latest : null;
}

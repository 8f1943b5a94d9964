/** The counters above the map: online, offline, flying, in dock, alarms. */
import { useTranslation } from 'react-i18next';
import { useFleetCounts } from '../../fleet/fleet.ts';
import type { FleetCounts } from '../../fleet/derive/fleetCounts.ts';

const ORDER: readonly (keyof FleetCounts)[] = ['online', 'offline', 'flying', 'inDock', 'alarms'];

/** One tile per counter; re-renders only when a count changes. */
export function FleetCounters() {
  const { t } = useTranslation('dashboard');
  const counts = useFleetCounts();
  return (
    <div className="wb-counters" data-testid="fleet-counters">
      {ORDER.map((key) => (
        <div key={key} className={`wb-counter wb-counter-${key}`} data-testid={`count-${key}`}>
          <span className="wb-counter-value">{counts[key]}</span>
          <span className="wb-counter-label">{t(`counters.${key}`)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * The flight map's legend: what each colour means. Shared by the flight's page and the wall map; its
 * labels live in the `subtasksInfo` namespace, which both of them use.
 */
import { useTranslation } from 'react-i18next';
import { FLIGHT_COLOURS } from './FlightLayers.tsx';
import './flightLegend.css';

export function FlightLegend() {
  const { t } = useTranslation('subtasksInfo');
  const items = [
    ['planned', t('legendPlanned'), FLIGHT_COLOURS.planned, 'dash'],
    ['flown', t('legendFlown'), FLIGHT_COLOURS.flown, 'line'],
    ['home', t('legendHome'), FLIGHT_COLOURS.home, 'dot'],
    ['photo', t('legendPhoto'), FLIGHT_COLOURS.photo, 'dot'],
    ['aircraft', t('legendAircraft'), FLIGHT_COLOURS.aircraft, 'dot'],
  ] as const;
  return (
    <ul className="sd-flight-legend">
      {items.map(([key, label, colour, shape]) => (
        <li key={key}>
          <span
            className={`sd-flight-legend__${shape}`}
            style={{ borderColor: colour, background: shape === 'dot' ? colour : undefined }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The side panel of the selected dock: its state, cover, aircraft and charging, network, weather and
 * storage. The aircraft's battery shows here as the dock reports it while charging (its own panel
 * shows what the aircraft reports).
 */
import { useTranslation } from 'react-i18next';
import { fleetEntries } from '../../fleet/fleet.ts';
import { ActiveAlarms } from './ActiveAlarms.tsx';
import { DevicePanelFrame, LinkedDevice } from './DevicePanelFrame.tsx';
import { aircraftOfDock } from '../../fleet/derive/dockLinks.ts';
import { Readout } from './Readout.tsx';
import { useDockReadings } from './useDockReadings.ts';
import { usePanelDevice } from './usePanelDevice.ts';

interface Props {
  sn: string;
  onSelect: (sn: string) => void;
  onClose: () => void;
}

/** Live values of one dock. */
export function DockPanel({ sn, onSelect, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  const device = usePanelDevice(sn, 'dock');
  const r = useDockReadings(device.live);
  const aircraft = aircraftOfDock(sn, fleetEntries());
  const row = (key: keyof typeof r, label: string) => (
    <Readout label={label} value={r[key]} testId={`dock-${key}`} />
  );
  return (
    <DevicePanelFrame device={device} testId="dock-panel" onClose={onClose}>
      <Readout label={t('dock.mode')} value={device.mode} testId="dock-mode" />
      {row('step', t('dock.step'))}
      {row('cover', t('dock.cover'))}
      {aircraft !== null && (
        <LinkedDevice
          label={t('dock.aircraft')}
          sn={aircraft}
          testId="dock-aircraft"
          onSelect={onSelect}
        />
      )}
      {row('droneInDock', t('dock.droneInDock'))}
      {row('charging', t('dock.charging'))}
      {row('network', t('dock.network'))}
      <div className="wb-section-title">{t('dock.weather')}</div>
      {row('temperature', t('dock.temperature'))}
      {row('humidity', t('dock.humidity'))}
      {row('rainfall', t('dock.rainfall'))}
      {row('wind', t('dock.wind'))}
      <div className="wb-section-title">{t('dock.title')}</div>
      {row('storage', t('dock.storage'))}
      {row('airConditioner', t('dock.airConditioner'))}
      {row('voltage', t('dock.voltage'))}
      {row('emergencyStop', t('dock.emergencyStop'))}
      <ActiveAlarms alarms={device.alarms} />
    </DevicePanelFrame>
  );
}

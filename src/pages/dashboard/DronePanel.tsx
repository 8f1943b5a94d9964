/** The side panel of the selected aircraft: live readings, its dock, follow mode, alarms and charts. */
import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { fleetEntries } from '../../fleet/fleet.ts';
import { aircraftOsd } from '../../fleet/derive/fields.ts';
import { OpenCockpitButton } from '../../components/OpenCockpitButton/OpenCockpitButton.tsx';
import { ActiveAlarms } from './ActiveAlarms.tsx';
import { DevicePanelFrame, LinkedDevice } from './DevicePanelFrame.tsx';
import { dockOf } from '../../fleet/derive/dockLinks.ts';
import { DroneCharts } from './DroneCharts.tsx';
import { Readout } from './Readout.tsx';
import { useReading } from './useFormat.ts';
import { usePanelDevice } from './usePanelDevice.ts';

interface Props {
  sn: string;
  follow: boolean;
  onFollow: (follow: boolean) => void;
  onSelect: (sn: string) => void;
  onClose: () => void;
}

/** Live values of one aircraft; re-renders with that aircraft's updates only (and once a second). */
export function DronePanel({ sn, follow, onFollow, onSelect, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  const reading = useReading();
  const device = usePanelDevice(sn, 'aircraft');
  const osd = aircraftOsd(device.live);
  const attitude = [osd.num('attitude_pitch'), osd.num('attitude_roll'), osd.num('attitude_head')]
    .map((v) => reading(v, 1, '°'))
    .join(' / ');
  const lat = osd.num('latitude');
  const lon = osd.num('longitude');
  const position =
    lat === null || lon === null ? t('panel.noValue') : `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
  const dock = dockOf(sn, fleetEntries());
  return (
    <DevicePanelFrame device={device} testId="drone-panel" onClose={onClose}>
      <Switch
        checked={follow}
        label={t('panel.follow')}
        onChange={(e) => onFollow(e.currentTarget.checked)}
      />
      <OpenCockpitButton sn={sn} small />
      <Readout
        label={t('panel.battery')}
        value={reading(osd.num('battery.capacity_percent'), 0, ' %')}
        testId="value-battery"
      />
      <Readout
        label={t('panel.altitude')}
        value={reading(osd.num('elevation'), 1, ' m')}
        testId="value-altitude"
      />
      <Readout
        label={t('panel.height')}
        value={reading(osd.num('height'), 1, ' m')}
        testId="value-height"
      />
      <Readout
        label={t('panel.horizontalSpeed')}
        value={reading(osd.num('horizontal_speed'), 1, ' m/s')}
        testId="value-hspeed"
      />
      <Readout
        label={t('panel.verticalSpeed')}
        value={reading(osd.num('vertical_speed'), 1, ' m/s')}
        testId="value-vspeed"
      />
      <Readout label={t('panel.attitude')} value={attitude} testId="value-attitude" />
      <Readout
        label={t('panel.satellites')}
        value={`${reading(osd.num('position_state.gps_number'), 0, '')} / ${reading(osd.num('position_state.rtk_number'), 0, '')}`}
        testId="value-satellites"
      />
      <Readout label={t('panel.mode')} value={device.mode} testId="value-mode" />
      <Readout
        label={t('panel.homeDistance')}
        value={reading(osd.num('home_distance'), 0, ' m')}
        testId="value-home"
      />
      <Readout label={t('panel.position')} value={position} testId="value-position" />
      {dock !== null && (
        <LinkedDevice label={t('dock.dockOf')} sn={dock} testId="value-dock" onSelect={onSelect} />
      )}
      <ActiveAlarms alarms={device.alarms} />
      <DroneCharts sn={sn} now={device.now} />
    </DevicePanelFrame>
  );
}

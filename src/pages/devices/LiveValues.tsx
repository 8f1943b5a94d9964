import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { useDeviceTelemetry } from '../../fleet/fleet.ts';
import { kindFromDomain } from '../../fleet/derive/deviceStatus.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { useNow } from '../../lib/useNow.ts';
import { useLiveReadings } from './useLiveReadings.ts';

/** The data age ticks once a second. */
const TICK_MS = 1_000;

/** Battery, altitude, mode, position and data age of one device, as the stream delivers them. */
export function LiveValues({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  const live = useDeviceTelemetry(device.device_sn);
  if (live === null) return <NonIdealState icon="satellite" title={t('drawer.noLive')} />;
  return <Readings device={device} live={live} />;
}

function Readings({ device, live }: { device: Device; live: DeviceTelemetry }) {
  const { t } = useTranslation('devices');
  const now = useNow(TICK_MS);
  const r = useLiveReadings(kindFromDomain(device.domain), live, now);
  const rows = [
    ['battery', t('drawer.battery'), r.battery],
    ['altitude', t('drawer.altitude'), r.altitude],
    ['mode', t('drawer.mode'), r.mode],
    ['position', t('drawer.position'), r.position],
    ['age', t('drawer.age'), r.age],
  ] as const;
  return (
    <HTMLTable compact className="sd-device-facts" data-testid="device-live">
      <tbody>
        {rows.map(([key, label, value]) => (
          <tr key={key} data-live={key}>
            <th>{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

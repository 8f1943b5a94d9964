import { Drawer, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { modelInfo } from '../../../protocol/mqtt/models.ts';
import { formatTime } from '../../lib/time.ts';
import { kindFromDomain } from '../../fleet/derive/deviceStatus.ts';
import { DeviceTopology } from './DeviceTopology.tsx';
import { LiveValues } from './LiveValues.tsx';
import { OnlineDot } from './OnlineDot.tsx';
import { FactsTable } from '../../components/FactsTable/FactsTable.tsx';

/** Wide enough for a serial number, a name and a status side by side. */
const DRAWER_WIDTH = '480px';

/** One device in detail: identity, where it sits in the gateway → aircraft tree, live values. */
export function DeviceDrawer({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const known = modelInfo(device.model_key).name;
  const facts = [
    ['sn', t('sn'), <code key="sn">{device.device_sn}</code>],
    ['name', t('name'), device.name],
    ['type', t('type'), t(`types.${kindFromDomain(device.domain)}`)],
    ['model', t('model'), known === 'unknown' ? device.model_name : known],
    ['modelKey', t('drawer.modelKey'), <code key="key">{device.model_key}</code>],
    ['firmware', t('firmware'), device.firmware_version || t('drawer.noValue')],
    ['project', t('project'), device.workspace_name],
    ['online', t('online'), <OnlineDot key="online" device={device} />],
    ['boundAt', t('boundAt'), formatTime(device.bound_at)],
    ['lastOnline', t('lastOnline'), formatTime(device.last_online_at) || t('drawer.noValue')],
  ] as const;
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DRAWER_WIDTH}
      icon="info-sign"
      title={`${device.name} · ${t('detail')}`}
      className="sd-device-drawer"
    >
      <div className="sd-device-drawer__body" data-testid="device-drawer">
        <H5>{t('drawer.identity')}</H5>
        <FactsTable facts={facts} className="sd-device-facts" />
        <H5>{t('drawer.topology')}</H5>
        <DeviceTopology device={device} />
        <H5>{t('drawer.live')}</H5>
        <LiveValues device={device} />
      </div>
    </Drawer>
  );
}

import { Icon, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { kindFromDomain } from '../../fleet/derive/deviceStatus.ts';
import { OnlineDot } from './OnlineDot.tsx';
import { useTopology } from './useTopology.ts';

const KIND_ICON = {
  aircraft: 'airplane',
  dock: 'home',
  rc: 'mobile-phone',
  unknown: 'cube',
} as const;

function Node({ device, self }: { device: Device; self: boolean }) {
  const { t } = useTranslation('devices');
  const kind = kindFromDomain(device.domain);
  return (
    <div className={self ? 'sd-topology__node sd-topology__node--self' : 'sd-topology__node'}>
      <Icon icon={KIND_ICON[kind]} />
      <span className="sd-topology__name" title={t(`types.${kind}`)}>
        {device.name}
      </span>
      <code>{device.device_sn}</code>
      <OnlineDot device={device} />
    </div>
  );
}

/** Gateway → aircraft: the device's gateway above it, the devices under it below. */
export function DeviceTopology({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  const topology = useTopology(device);
  if (topology === null) return <Spinner size={20} />;
  const { gateway, children } = topology;
  return (
    <div className="sd-topology" data-testid="device-topology">
      {gateway ? (
        <Node device={gateway} self={false} />
      ) : (
        <p className="bp6-text-muted">{t('drawer.noGateway')}</p>
      )}
      <div className={gateway ? 'sd-topology__child' : undefined}>
        <Node device={device} self />
        <div className="sd-topology__child">
          {children.map((child) => (
            <Node key={child.device_sn} device={child} self={false} />
          ))}
          {children.length === 0 && kindFromDomain(device.domain) !== 'aircraft' && (
            <p className="bp6-text-muted">{t('drawer.noChildren')}</p>
          )}
        </div>
      </div>
    </div>
  );
}

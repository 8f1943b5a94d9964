import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { useDeviceState, useDeviceTelemetry } from '../../fleet/fleet.ts';

/**
 * Online when the fleet's judgement of its live telemetry says so (made again every second, so a
 * device that falls silent turns grey); a device the tab has not heard from (it is not watched, or
 * the stream is down) shows what the server last knew.
 */
export function useOnline(device: Device): boolean {
  const live = useDeviceTelemetry(device.device_sn);
  const { online } = useDeviceState(device.device_sn);
  return live === null ? device.online : online;
}

/** A green or grey dot with the words "online" / "offline". */
export function OnlineDot({ device }: { device: Device }) {
  const { t } = useTranslation('devices');
  const online = useOnline(device);
  return (
    <Tag
      minimal
      round
      icon="full-circle"
      intent={online ? 'success' : 'none'}
      data-online={online}
      className="sd-online-dot"
    >
      {online ? t('state.online') : t('state.offline')}
    </Tag>
  );
}

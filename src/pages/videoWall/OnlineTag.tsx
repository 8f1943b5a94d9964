/**
 * A stream's online state as the tab hears it: the device's own telemetry when any has arrived
 * (the stream list is read once, and a device that came online after it was read would stay
 * "offline" for good), else what the list said.
 */
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDeviceState, useDeviceTelemetry } from '../../fleet/fleet.ts';

export function OnlineTag({
  sn,
  listed,
  className,
}: {
  sn: string;
  listed: boolean;
  className?: string;
}) {
  const { t } = useTranslation('videoWall');
  const live = useDeviceTelemetry(sn);
  // The fleet judges every device again each second: one that falls silent turns offline.
  const { online: heard } = useDeviceState(sn);
  const online = live === null ? listed : heard;
  return (
    <Tag minimal intent={online ? 'success' : 'none'} className={className} data-online={online}>
      {t(online ? 'online' : 'offline')}
    </Tag>
  );
}

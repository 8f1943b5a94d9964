/**
 * A stream's online state as the tab hears it: the device's own telemetry when any has arrived
 * (the stream list is read once, and a device that came online after it was read would stay
 * "offline" for good), else what the list said.
 */
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/useNow.ts';
import { useDeviceTelemetry } from '../../state/fleet.ts';
import { isLive } from '../../telemetry/deviceStatus.ts';

/** How often the tag re-judges a device that fell silent, ms. */
const RECHECK_MS = 5_000;

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
  const now = useNow(RECHECK_MS);
  const online = live === null ? listed : isLive(live, Math.max(now, live.receivedAt));
  return (
    <Tag minimal intent={online ? 'success' : 'none'} className={className} data-online={online}>
      {t(online ? 'online' : 'offline')}
    </Tag>
  );
}

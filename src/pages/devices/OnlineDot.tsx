import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { useDeviceTelemetry } from '../../state/fleet.ts';
import { isLive } from '../../telemetry/deviceStatus.ts';
import { useClock } from './useClock.ts';

/** Re-checks liveness this often: a device that falls silent turns grey within a few seconds (ms). */
const RECHECK_MS = 5_000;

/**
 * Online when the live telemetry says so; a device the tab has not heard from (it is not watched, or
 * the stream is down) shows what the server last knew.
 */
export function useOnline(device: Device): boolean {
  const live = useDeviceTelemetry(device.device_sn);
  const now = useClock(RECHECK_MS);
  return live === null ? device.online : isLive(live, now);
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

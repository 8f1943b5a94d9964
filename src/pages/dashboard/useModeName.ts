/** The readable name of a device's `mode_code`, via the protocol's enum tables; unknown stays visible. */
import { useTranslation } from 'react-i18next';
import { aircraftMode } from '../../../protocol/mqtt/enums.ts';
import type { DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { numberAt } from '../../telemetry/fields.ts';

/** "Flying a route", or "Unknown (42)" for a value the tables do not know. */
export function useModeName(live: DeviceTelemetry | null): string {
  const { t } = useTranslation('dashboard');
  const code = live === null ? null : numberAt(live.osd, 'mode_code');
  if (code === null) return t('panel.noValue');
  const name = aircraftMode(code);
  return name === 'unknown' ? t('mode.unknown', { code }) : t(`mode.${name}`);
}

/**
 * The readable name of a device's `mode_code`, each kind through its own enum table: a dock's 4 is
 * "working", an aircraft's 4 is "automatic take-off". An unknown value stays visible with its number.
 */
import { useTranslation } from 'react-i18next';
import { aircraftMode, dockMode } from '../../../protocol/mqtt/enums.ts';
import type { DeviceKind, DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { aircraftOsd, dockOsd } from '../../fleet/derive/fields.ts';

/** "Flying a route", "Working", or "Unknown (42)" for a value the tables do not know. */
export function useModeName(kind: DeviceKind, live: DeviceTelemetry | null): string {
  const { t } = useTranslation('dashboard');
  if (kind === 'dock') {
    const code = dockOsd(live).num('mode_code');
    if (code === null) return t('panel.noValue');
    return t(`dockMode.${dockMode(code)}`, { code });
  }
  const code = aircraftOsd(live).num('mode_code');
  if (code === null) return t('panel.noValue');
  const name = aircraftMode(code);
  return name === 'unknown' ? t('mode.unknown', { code }) : t(`mode.${name}`);
}

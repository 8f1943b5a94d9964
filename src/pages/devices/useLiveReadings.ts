/** The drawer's live values of one device, formatted from the fleet store's merged telemetry. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { aircraftMode, dockMode } from '../../../protocol/mqtt/enums.ts';
import type { DeviceKind, DeviceTelemetry } from '../../../protocol/telemetry.ts';
import { dataAgeMs } from '../../fleet/derive/deviceStatus.ts';
import { aircraftOsd, positionOf } from '../../fleet/derive/fields.ts';

export interface LiveReadings {
  battery: string;
  altitude: string;
  mode: string;
  position: string;
  age: string;
}

/** Readable values of `live`, with "—" for anything the device did not send. */
export function useLiveReadings(
  kind: DeviceKind,
  live: DeviceTelemetry,
  now: number,
): LiveReadings {
  const { t } = useTranslation(['devices', 'dashboard']);
  const dash = t('drawer.noValue');
  const osd = aircraftOsd(live);
  const where = positionOf(live);
  const fixed = (value: number | null, digits: number, unit: string) =>
    value === null ? dash : `${value.toFixed(digits)} ${unit}`;
  const code = where.num('mode_code');
  const lat = where.num('latitude');
  const lon = where.num('longitude');
  const seconds = Math.floor(dataAgeMs(live, now) / 1000);
  return {
    battery: fixed(osd.num('battery.capacity_percent'), 0, '%'),
    altitude: fixed(where.num('height') ?? osd.num('elevation'), 1, 'm'),
    mode: modeName(kind, code, t) ?? dash,
    position: lat === null || lon === null ? dash : `${lat.toFixed(6)}, ${lon.toFixed(6)}`,
    age:
      seconds < 120
        ? t('drawer.seconds', { count: seconds })
        : t('drawer.minutes', { count: Math.floor(seconds / 60) }),
  };
}

type Translate = TFunction<['devices', 'dashboard']>;

/** The mode by the protocol's enum tables (aircraft and dock tables differ); unknown keeps its code. */
function modeName(kind: DeviceKind, code: number | null, t: Translate): string | null {
  if (code === null) return null;
  if (kind === 'dock') {
    const name = dockMode(code);
    return t(`devices:dockMode.${name}`, { code });
  }
  const name = aircraftMode(code);
  return name === 'unknown' ? t('dashboard:mode.unknown', { code }) : t(`dashboard:mode.${name}`);
}

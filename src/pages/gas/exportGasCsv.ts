import type { TFunction } from 'i18next';
import type { GasPoint } from '../../../protocol/gas.ts';
import { CHANNEL_UNIT, GAS_CHANNELS } from '../../../protocol/gas.ts';
import { saveBlob } from '../../lib/saveBlob.ts';
import { formatTime } from '../../lib/time.ts';

/** One CSV field, quoted when it holds a separator, a quote or a line break. */
const field = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Saves the readings on screen as CSV (UTF-8 with a byte-order mark, so Excel reads Chinese). */
export function exportGasCsv(points: readonly GasPoint[], t: TFunction<'gas'>): void {
  const header = [
    t('csv.time'),
    t('csv.device'),
    t('csv.latitude'),
    t('csv.longitude'),
    t('csv.height'),
    ...GAS_CHANNELS.map((g) => `${t(`gases.${g}`)} (${CHANNEL_UNIT[g]})`),
    t('csv.temperature'),
    t('csv.humidity'),
    t('csv.pressure'),
    t('csv.windSpeed'),
    t('csv.windFrom'),
    t('csv.level'),
  ];
  const rows = points.map((p) =>
    [
      formatTime(p.ts),
      p.device_sn,
      p.lat,
      p.lng,
      p.height,
      ...GAS_CHANNELS.map((g) => p[g]),
      p.temperature,
      p.humidity,
      p.pressure,
      p.wind_speed,
      p.wind_from,
      p.level,
    ]
      .map(field)
      .join(','),
  );
  const text = `\uFEFF${[header.map(field).join(','), ...rows].join('\r\n')}\r\n`;
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'gas-readings.csv');
}

import { Card, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GasChannel, GasPoint, GasThreshold } from '../../../protocol/gas.ts';
import { CHANNEL_UNIT } from '../../../protocol/gas.ts';
import { formatTime } from '../../lib/time.ts';
import { formatValue, LEVEL_COLOURS, levelOf, thresholdOf } from './gasLevels.ts';
import './gasViews.css';

const PEAKS = 10;
const LEVEL_KEYS = ['normal', 'caution', 'warning'] as const;

/** The highest readings of the chosen gas in the range. */
export function PeaksTable({
  points,
  gas,
  thresholds,
}: {
  points: readonly GasPoint[];
  gas: GasChannel;
  thresholds: readonly GasThreshold[];
}) {
  const { t } = useTranslation('gas');
  const th = thresholdOf(thresholds, gas);
  const peaks = points
    .filter((p) => p[gas] !== null)
    .sort((a, b) => (b[gas] ?? 0) - (a[gas] ?? 0))
    .slice(0, PEAKS);
  return (
    <Card className="linxiu-peaks" data-testid="gas-peaks">
      <h4>
        {t('peaks.title')} · {t(`gases.${gas}`)}
      </h4>
      {peaks.length === 0 ? (
        <p className="linxiu-muted">{t('peaks.none')}</p>
      ) : (
        <HTMLTable compact striped className="linxiu-table">
          <thead>
            <tr>
              <th>{t('peaks.time')}</th>
              <th>{t('peaks.device')}</th>
              <th>
                {t('peaks.value')} ({CHANNEL_UNIT[gas]})
              </th>
              <th>{t('peaks.position')}</th>
            </tr>
          </thead>
          <tbody>
            {peaks.map((p) => {
              const level = levelOf(p[gas], th);
              return (
                <tr key={`${p.device_sn}-${String(p.ts)}`}>
                  <td>{formatTime(p.ts)}</td>
                  <td>{p.device_sn}</td>
                  <td
                    style={{ color: LEVEL_COLOURS[level], fontWeight: 600 }}
                    title={t(`gauges.${LEVEL_KEYS[level]}`)}
                  >
                    {formatValue(p[gas])}
                  </td>
                  <td>
                    {p.lat === null || p.lng === null
                      ? '–'
                      : `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}

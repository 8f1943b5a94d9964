import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GasPoint, GasThreshold } from '../../../protocol/gas.ts';
import { CHANNEL_UNIT, GAS_CHANNELS, GASES, ppmToMgM3 } from '../../../protocol/gas.ts';
import { formatTime } from '../../lib/time.ts';
import {
  formatValue,
  LEVEL_COLOURS,
  levelOf,
  thresholdOf,
} from '../../components/GasViews/gasLevels.ts';

const LEVEL_KEYS = ['normal', 'caution', 'warning'] as const;
const isGas = (c: string): c is (typeof GASES)[number] => (GASES as readonly string[]).includes(c);

/**
 * The newest value of each channel over the chosen devices (the highest when several report), as a
 * bar filled up to the warning threshold and coloured by level.
 */
export function GasGauges({
  latest,
  thresholds,
}: {
  latest: readonly GasPoint[];
  thresholds: readonly GasThreshold[];
}) {
  const { t } = useTranslation('gas');
  const newest = latest.reduce<GasPoint | null>(
    (a, p) => (a === null || p.ts > a.ts ? p : a),
    null,
  );
  return (
    <Card className="linxiu-gauges" data-testid="gas-gauges">
      <div className="linxiu-card-head">
        <h4>{t('gauges.title')}</h4>
        {newest && (
          <span className="linxiu-muted">{t('gauges.at', { time: formatTime(newest.ts) })}</span>
        )}
      </div>
      {newest === null ? (
        <p className="linxiu-muted">{t('gauges.none')}</p>
      ) : (
        <>
          <div className="linxiu-gauge-grid">
            {GAS_CHANNELS.map((gas) => {
              const values = latest.map((p) => p[gas]).filter((v): v is number => v !== null);
              const value = values.length > 0 ? Math.max(...values) : null;
              const th = thresholdOf(thresholds, gas);
              const level = levelOf(value, th);
              const fill = value === null ? 0 : Math.min(1, value / Math.max(th.warning, 1e-9));
              return (
                <div key={gas} className="linxiu-gauge" data-testid={`gauge-${gas}`}>
                  <div className="linxiu-gauge-name">{t(`gases.${gas}`)}</div>
                  <div className="linxiu-gauge-value">
                    {formatValue(value)} <small>{CHANNEL_UNIT[gas]}</small>
                  </div>
                  {isGas(gas) && value !== null && (
                    <div className="linxiu-muted">
                      {formatValue(ppmToMgM3(gas, value))} {t('unitMg')}
                    </div>
                  )}
                  <div className="linxiu-bar">
                    <div
                      style={{ width: `${String(fill * 100)}%`, background: LEVEL_COLOURS[level] }}
                    />
                  </div>
                  <Tag
                    minimal
                    intent={level === 2 ? 'danger' : level === 1 ? 'warning' : 'success'}
                    data-level={level}
                  >
                    {t(`gauges.${LEVEL_KEYS[level]}`)}
                  </Tag>
                </div>
              );
            })}
          </div>
          {newest.temperature !== null && (
            <p className="linxiu-muted">
              {t('gauges.air', {
                t: formatValue(newest.temperature),
                h: formatValue(newest.humidity),
                p: formatValue(newest.pressure),
              })}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

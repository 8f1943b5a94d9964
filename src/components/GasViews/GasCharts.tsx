import { Card } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { GasChannel, GasPoint, GasThreshold } from '../../../protocol/gas.ts';
import { CHANNEL_UNIT, GAS_CHANNELS } from '../../../protocol/gas.ts';
import { formatTime, toDayjs } from '../../lib/time.ts';
import { formatValue, thresholdOf } from './gasLevels.ts';
import './gasViews.css';

const DEVICE_COLOURS = ['#2d72d2', '#d9822b', '#7961db', '#29a634', '#cd4246', '#00a396'];

interface Props {
  points: readonly GasPoint[];
  thresholds: readonly GasThreshold[];
  /** The replay time, drawn as a vertical line; null shows none. */
  cursor: number | null;
  /** The chosen gas comes first and larger. */
  gas: GasChannel;
}

/** Ticks as clock times within a day, with the date beyond. */
function tickFormat(data: readonly Record<string, number>[]): string {
  const span = (data[data.length - 1]?.ts ?? 0) - (data[0]?.ts ?? 0);
  return span > 86_400_000 ? 'MM-DD HH:mm' : span > 3_600_000 ? 'HH:mm' : 'HH:mm:ss';
}

/** One row per time, one column per device: what recharts draws as one line per device. */
function seriesOf(points: readonly GasPoint[], gas: GasChannel) {
  const devices = [...new Set(points.map((p) => p.device_sn))];
  const rows = new Map<number, Record<string, number>>();
  for (const p of points) {
    const v = p[gas];
    if (v === null) continue;
    const row = rows.get(p.ts) ?? { ts: p.ts };
    row[p.device_sn] = v;
    rows.set(p.ts, row);
  }
  return { devices, data: [...rows.values()].sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0)) };
}

function GasChart({
  points,
  gas,
  threshold,
  cursor,
  tall,
}: {
  points: readonly GasPoint[];
  gas: GasChannel;
  threshold: GasThreshold;
  cursor: number | null;
  tall: boolean;
}) {
  const { t } = useTranslation('gas');
  // A new series makes recharts lay the chart out again: only when the readings change.
  const { devices, data } = useMemo(() => seriesOf(points, gas), [points, gas]);
  return (
    <div
      className={tall ? 'linxiu-chart linxiu-chart-main' : 'linxiu-chart'}
      data-testid={`chart-${gas}`}
    >
      <h5>
        {t(`gases.${gas}`)} <small>{CHANNEL_UNIT[gas]}</small>
      </h5>
      <ResponsiveContainer width="100%" height={tall ? 220 : 140}>
        <LineChart data={data} margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="ts"
            type="number"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(v: number) => toDayjs(v).format(tickFormat(data))}
            minTickGap={40}
          />
          <YAxis width={48} tickFormatter={(v: number) => formatValue(v)} />
          <Tooltip
            labelFormatter={(v) => formatTime(Number(v))}
            formatter={(v) => formatValue(Number(v))}
          />
          <ReferenceLine
            y={threshold.caution}
            stroke="#d9822b"
            strokeDasharray="4 3"
            ifOverflow="extendDomain"
            label={tall ? t('charts.caution') : undefined}
          />
          <ReferenceLine
            y={threshold.warning}
            stroke="#cd4246"
            strokeDasharray="4 3"
            ifOverflow={tall ? 'extendDomain' : 'hidden'}
            label={tall ? t('charts.warning') : undefined}
          />
          {cursor !== null && <ReferenceLine x={cursor} stroke="#5f6b7c" />}
          {devices.map((sn, i) => (
            <Line
              key={sn}
              dataKey={sn}
              name={sn}
              dot={false}
              stroke={DEVICE_COLOURS[i % DEVICE_COLOURS.length]}
              strokeWidth={1.5}
              isAnimationActive={false}
              connectNulls
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chosen gas large, every other channel small, with the thresholds as dashed lines. */
export function GasCharts({ points, thresholds, cursor, gas }: Props) {
  const { t } = useTranslation('gas');
  const others = GAS_CHANNELS.filter((g) => g !== gas);
  return (
    <Card className="linxiu-charts" data-testid="gas-charts">
      <h4>{t('charts.title')}</h4>
      {points.length === 0 ? (
        <p className="linxiu-muted">{t('charts.empty')}</p>
      ) : (
        <>
          <GasChart
            points={points}
            gas={gas}
            threshold={thresholdOf(thresholds, gas)}
            cursor={cursor}
            tall
          />
          <div className="linxiu-chart-grid">
            {others.map((g) => (
              <GasChart
                key={g}
                points={points}
                gas={g}
                threshold={thresholdOf(thresholds, g)}
                cursor={cursor}
                tall={false}
              />
            ))}
          </div>
        </>
      )}
    </Card>
  );
}

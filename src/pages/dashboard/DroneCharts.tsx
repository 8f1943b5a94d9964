/**
 * Live charts of the selected drone's altitude, speed and battery. They read the drone's history once
 * a second (its sampling rate), down-sampled to a fixed number of points so drawing stays cheap, and
 * at once when the history was backfilled after a lost link.
 */
import { memo, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { historyOf, useHistoryFill } from '../../fleet/fleet.ts';
import type { HistoryPoint } from '../../fleet/derive/history.ts';
import { downSample } from '../../fleet/derive/history.ts';
import { showHistory } from '../../telemetry/shownHistories.ts';
import { formatClock } from './formatClock.ts';

/** A chart of 120 points reads as a smooth line at panel width; more only costs SVG nodes. */
const CHART_POINTS = 120;
/** Charts cover the last three minutes. */
const CHART_WINDOW_MS = 3 * 60_000;

type Series = 'altitude' | 'speed' | 'battery';
const SERIES: readonly { key: Series; colour: string }[] = [
  { key: 'altitude', colour: '#4c90f0' },
  { key: 'speed', colour: '#32a467' },
  { key: 'battery', colour: '#ec9a3c' },
];

function SeriesChart({
  points,
  series,
  colour,
  label,
}: {
  points: HistoryPoint[];
  series: Series;
  colour: string;
  label: string;
}) {
  return (
    <div className="wb-chart" data-testid={`chart-${series}`}>
      <div className="wb-chart-label">{label}</div>
      <ResponsiveContainer width="100%" height={90}>
        <LineChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
          <XAxis dataKey="t" tickFormatter={formatClock} tick={{ fontSize: 10 }} minTickGap={56} />
          <YAxis tick={{ fontSize: 10 }} width={48} domain={['auto', 'auto']} />
          <Tooltip labelFormatter={(t) => formatClock(Number(t))} />
          <Line
            type="monotone"
            dataKey={series}
            stroke={colour}
            dot={false}
            isAnimationActive={false}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Three small line charts of one drone, refreshed when `now` ticks (not on every telemetry frame). */
export const DroneCharts = memo(function DroneCharts({ sn, now }: { sn: string; now: number }) {
  const { t } = useTranslation('dashboard');
  const filled = useHistoryFill(sn);
  // Charts on screen are backfilled first after a lost link, however large the fleet.
  useEffect(() => showHistory(sn), [sn]);
  const points = useMemo(
    () => downSample(historyOf(sn).points(now - CHART_WINDOW_MS), CHART_POINTS),
    // `filled` is no input of the read, but a backfill changes what the read answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sn, now, filled],
  );
  return (
    <section className="wb-charts">
      <div className="wb-section-title">{t('chart.title')}</div>
      {SERIES.map(({ key, colour }) => (
        <SeriesChart
          key={key}
          points={points}
          series={key}
          colour={colour}
          label={t(`chart.${key}`)}
        />
      ))}
    </section>
  );
});

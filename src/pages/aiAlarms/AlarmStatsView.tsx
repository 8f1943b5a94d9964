import { useEffect, useState } from 'react';
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AiAlarmStats } from '../../../protocol/aiAlarms.ts';
import type { Query } from '../../api/createClient.ts';
import { fetchAiStats } from './aralmApi.ts';
import { fillDays } from './fillDays.ts';
import { useAlarmWords } from './useAlarmWords.ts';

/** Statistics of the matching alarms: per day and per class. */
export function AlarmStatsView({ query }: { query: Query }) {
  const { t } = useTranslation('aiAlarms');
  const words = useAlarmWords();
  const [stats, setStats] = useState<AiAlarmStats | null>(null);
  useEffect(() => {
    void fetchAiStats(query).then(setStats, () => undefined);
  }, [query]);
  // A function, not a component: recharts reads its bars from the chart's direct children.
  const countBar = (fill: string, maxBarSize: number) => (
    <Bar
      dataKey="count"
      name={t('stats.count')}
      fill={fill}
      maxBarSize={maxBarSize}
      isAnimationActive={false}
    />
  );
  const perCategory = (stats?.perCategory ?? []).map((c) => ({
    ...c,
    label: words.category(c.category),
  }));
  return (
    <div className="aralm-stats" data-testid="alarm-stats">
      <Card className="aralm-chart">
        <h4>{t('stats.perDay')}</h4>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={fillDays(stats?.perDay ?? [])}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            {countBar('#2d72d2', 48)}
          </BarChart>
        </ResponsiveContainer>
      </Card>
      <Card className="aralm-chart">
        <h4>{t('stats.perCategory')}</h4>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={perCategory} layout="vertical">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={80} />
            <Tooltip />
            {countBar('#d9822b', 32)}
          </BarChart>
        </ResponsiveContainer>
      </Card>
    </div>
  );
}

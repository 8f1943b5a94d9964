import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ProfileSample } from '../../lib/route/routeMeasure.ts';

/** Height of each waypoint against the distance flown to it, as a filled profile. */
export function HeightProfile({ samples }: { samples: ProfileSample[] }) {
  const { t } = useTranslation('waylineEditor');
  if (samples.length < 2)
    return <p className="sd-editor-profile__empty bp6-text-muted">{t('profileEmpty')}</p>;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={samples} margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
        <defs>
          <linearGradient id="sd-profile-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#2d72d2" stopOpacity={0.6} />
            <stop offset="100%" stopColor="#2d72d2" stopOpacity={0.05} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis
          dataKey="distance"
          type="number"
          domain={[0, 'dataMax']}
          tickFormatter={(v: number) => `${Math.round(v)}`}
          fontSize={11}
        />
        <YAxis dataKey="height" fontSize={11} width={40} />
        <Tooltip
          formatter={(v) => [`${String(v)} m`, t('heightAxis')]}
          labelFormatter={(d) => `${t('distanceAxis')}: ${Number(d)}`}
        />
        <Area
          type="linear"
          dataKey="height"
          stroke="#2d72d2"
          fill="url(#sd-profile-fill)"
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

import { useTranslation } from 'react-i18next';
import type { RouteMeasure } from '../../lib/route/routeMeasure.ts';

/** Live length, flight time and waypoint count of the route. */
export function StatsBar({ measure, count }: { measure: RouteMeasure; count: number }) {
  const { t } = useTranslation('waylineEditor');
  const length =
    measure.length < 1000
      ? t('units.m', { value: Math.round(measure.length) })
      : t('units.km', { value: (measure.length / 1000).toFixed(2) });
  const m = Math.floor(measure.seconds / 60);
  const s = Math.round(measure.seconds % 60);
  const time = m === 0 ? t('units.s', { s }) : t('units.min', { m, s: String(s).padStart(2, '0') });
  return (
    <dl className="sd-editor-stats" data-testid="editor-stats">
      <div>
        <dt>{t('points')}</dt>
        <dd data-testid="editor-count">{count}</dd>
      </div>
      <div>
        <dt>{t('length')}</dt>
        <dd data-testid="editor-length">{length}</dd>
      </div>
      <div>
        <dt>{t('time')}</dt>
        <dd data-testid="editor-time">{time}</dd>
      </div>
    </dl>
  );
}

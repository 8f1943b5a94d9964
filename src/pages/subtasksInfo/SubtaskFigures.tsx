import { useTranslation } from 'react-i18next';
import type { SubtaskDetail } from '../../../protocol/tasks.ts';
import { distanceWords, durationWords } from './format.ts';

/** The key figures of the flight, large. */
export function SubtaskFigures({ detail }: { detail: SubtaskDetail }) {
  const { t } = useTranslation('subtasksInfo');
  const f = detail.figures;
  const items: [string, string, string][] = [
    ['duration', t('duration'), durationWords(t, f.duration_s)],
    ['distance', t('distance'), distanceWords(t, f.distance_m)],
    [
      'waypoints',
      t('waypoints'),
      t('waypointsOf', { done: f.waypoints_done, total: f.waypoints_total }),
    ],
    ['photos', t('photos'), String(f.photos)],
    ['alarms', t('alarms'), String(f.alarms)],
  ];
  return (
    <dl className="sd-subtask-figures" data-testid="subtask-figures">
      {items.map(([key, label, value]) => (
        <div key={key} data-figure={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeatureNearby } from '../../../protocol/featurePoints.ts';
import { formatTime } from '../../lib/time.ts';

interface Entry {
  key: string;
  at: string;
  kind: 'photo' | 'alarm';
  thumb: string | null;
  title: string;
  distance: number;
}

/** Photos and alarms near a point merged into one list, newest first: how the place changed. */
export function PointHistory({ nearby }: { nearby: FeatureNearby }) {
  const { t } = useTranslation('featurePoints');
  const entries: Entry[] = [
    ...nearby.photos.map((p) => ({
      key: `p${String(p.id)}`,
      at: p.shot_at,
      kind: 'photo' as const,
      thumb: p.thumb_url,
      title: `${p.name} · ${p.device_sn}`,
      distance: p.distance_m,
    })),
    ...nearby.alarms.map((a) => ({
      key: `a${String(a.id)}`,
      at: a.raised_at,
      kind: 'alarm' as const,
      thumb: a.snapshot_url,
      title: `${a.category} · ${String(Math.round(a.confidence * 100))}% · ${a.device_name}`,
      distance: a.distance_m,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (entries.length === 0)
    return <p className="fp-muted">{t('drawer.noHistory', { radius: nearby.radius })}</p>;
  return (
    <ol className="fp-history" data-testid="fp-history">
      {entries.map((e) => (
        <li key={e.key} className="fp-history-item" data-kind={e.kind}>
          {e.thumb ? <img src={e.thumb} alt={e.title} /> : <span className="fp-history-noimg" />}
          <div>
            <Tag minimal intent={e.kind === 'alarm' ? 'danger' : 'primary'}>
              {t(e.kind === 'alarm' ? 'drawer.alarm' : 'drawer.photo')}
            </Tag>{' '}
            <span>{formatTime(e.at)}</span>
            <div className="fp-history-title">{e.title}</div>
            <div className="fp-muted">{t('drawer.distance', { d: e.distance })}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

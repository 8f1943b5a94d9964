/**
 * The alarm feed: every alarm active now, newest first, filterable by level. It lists exactly what
 * the alarm counter counts (both read the fleet store's active alarms).
 */
import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hmsLevel } from '../../../protocol/mqtt/enums.ts';
import { fetchByEvent } from '../../components/AlarmToast/toastApi.ts';
import { clock, type Cancel } from '../../lib/clock.ts';
import { deviceCell, useAlarmFeed } from '../../fleet/fleet.ts';
import type { AlarmEntry, AlarmLevel } from '../../fleet/derive/alarms.ts';
import { formatClock } from './formatClock.ts';
import { useAlarmText, useHmsTextRequests } from './useAlarmText.ts';

/** How many feed entries are drawn; the counter counts them all. */
const SHOWN_ALARMS = 50;

type LevelFilter = 'all' | AlarmLevel;

/**
 * The server stores a detection and draws its snapshot just after the console hears it: ask again
 * a few times, a second and a half apart, before going without a picture.
 */
const SNAPSHOT_RETRY_MS = 1_500;
const SNAPSHOT_TRIES = 20;
const AI_MARKER = '|ai|';
/** Below the title, as wide as a glance needs: the dashboard's grid puts it under the text. */
const THUMB_STYLE: CSSProperties = {
  gridColumn: '2 / span 2',
  display: 'block',
  width: 112,
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: 2,
  marginTop: 2,
};

/** The stored snapshot of an AI alarm entry; null for HMS alarms and until the server has one. */
function useSnapshotUrl(alarm: AlarmEntry): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const eventId =
    alarm.source === 'ai_alarm'
      ? alarm.id.slice(alarm.id.indexOf(AI_MARKER) + AI_MARKER.length)
      : '';
  useEffect(() => {
    if (eventId === '') return;
    let cancel: Cancel | null = null;
    let done = false;
    let tries = 0;
    const attempt = () => {
      tries += 1;
      const again = () => {
        if (!done && tries < SNAPSHOT_TRIES) cancel = clock.setTimeout(attempt, SNAPSHOT_RETRY_MS);
      };
      void fetchByEvent(alarm.sn, eventId).then((stored) => {
        if (done) return;
        if (stored.snapshot_url === null) again();
        else setUrl(stored.snapshot_url);
      }, again);
    };
    attempt();
    return () => {
      done = true;
      cancel?.();
    };
  }, [alarm.sn, eventId]);
  return url;
}

function FeedItem({ alarm, onSelect }: { alarm: AlarmEntry; onSelect: (sn: string) => void }) {
  const { t } = useTranslation('dashboard');
  const text = useAlarmText()(alarm);
  const name = deviceCell(alarm.sn).info?.name ?? alarm.sn;
  const snapshot = useSnapshotUrl(alarm);
  return (
    <button
      type="button"
      className={`wb-alarm wb-level-${alarm.level}`}
      data-testid="alarm-item"
      data-code={alarm.code}
      onClick={() => onSelect(alarm.sn)}
    >
      <span className="wb-alarm-level">{t(`level.${hmsLevel(alarm.level)}`)}</span>
      <span className="wb-alarm-title">{text.title}</span>
      <span className="wb-alarm-time">{formatClock(alarm.ts)}</span>
      <span className="wb-alarm-sn">
        {name}
        {alarm.inTheSky && <span className="wb-alarm-sky"> · {t('alarm.inTheSky')}</span>}
        {' · '}
        {text.detail}
      </span>
      {snapshot !== null && (
        <img src={snapshot} alt={text.title} style={THUMB_STYLE} data-testid="alarm-item-thumb" />
      )}
    </button>
  );
}

/** The feed; clicking an entry selects its device. */
export function AlarmFeed({ onSelect }: { onSelect: (sn: string) => void }) {
  const { t } = useTranslation('dashboard');
  const feed = useAlarmFeed();
  useHmsTextRequests(feed);
  const [level, setLevel] = useState<LevelFilter>('all');
  const matching = feed.filter((alarm) => level === 'all' || alarm.level === level);
  const shown = matching.slice(0, SHOWN_ALARMS);
  const options = [
    { value: 'all', label: t('alarms.all') },
    ...([2, 1, 0] as const).map((l) => ({ value: String(l), label: t(`level.${hmsLevel(l)}`) })),
  ];
  return (
    <section className="wb-alarms" data-testid="alarm-feed">
      <div className="wb-section-title">
        {t('alarms.title')}
        <HTMLSelect
          minimal
          options={options}
          value={String(level)}
          onChange={(e) =>
            setLevel(
              e.currentTarget.value === 'all'
                ? 'all'
                : (Number(e.currentTarget.value) as AlarmLevel),
            )
          }
        />
      </div>
      {shown.length === 0 && <div className="wb-muted">{t('alarms.none')}</div>}
      {shown.map((alarm) => (
        <FeedItem key={alarm.id} alarm={alarm} onSelect={onSelect} />
      ))}
      {matching.length > shown.length && (
        <div className="wb-muted">{t('alarm.more', { count: matching.length - shown.length })}</div>
      )}
    </section>
  );
}

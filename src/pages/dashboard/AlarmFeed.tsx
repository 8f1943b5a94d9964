/**
 * The alarm feed: every alarm active now, newest first, filterable by level. It lists exactly what
 * the alarm counter counts (both read the fleet store's active alarms).
 */
import { useState } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hmsLevel } from '../../../protocol/mqtt/enums.ts';
import { deviceCell, useAlarmFeed } from '../../state/fleet.ts';
import type { AlarmEntry, AlarmLevel } from '../../telemetry/alarms.ts';
import { formatClock } from './formatClock.ts';
import { useAlarmText, useHmsTextRequests } from './useAlarmText.ts';

/** How many feed entries are drawn; the counter counts them all. */
const SHOWN_ALARMS = 50;

type LevelFilter = 'all' | AlarmLevel;

function FeedItem({ alarm, onSelect }: { alarm: AlarmEntry; onSelect: (sn: string) => void }) {
  const { t } = useTranslation('dashboard');
  const text = useAlarmText()(alarm);
  const name = deviceCell(alarm.sn).info?.name ?? alarm.sn;
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

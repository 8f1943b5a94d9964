/** The alarm feed: newly raised alarms, newest first, filterable by level. */
import { useState } from 'react';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hmsLevel } from '../../../protocol/mqtt/enums.ts';
import { useAlarmFeed } from '../../state/fleet.ts';
import type { AlarmLevel } from '../../telemetry/alarms.ts';

/** How many feed entries are drawn; the store keeps more. */
const SHOWN_ALARMS = 50;

type LevelFilter = 'all' | AlarmLevel;

/** The feed; clicking an entry selects its device. */
export function AlarmFeed({ onSelect }: { onSelect: (sn: string) => void }) {
  const { t } = useTranslation('dashboard');
  const feed = useAlarmFeed();
  const [level, setLevel] = useState<LevelFilter>('all');
  const shown = feed
    .filter((alarm) => level === 'all' || alarm.level === level)
    .slice(0, SHOWN_ALARMS);
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
        <button
          key={alarm.id}
          type="button"
          className={`wb-alarm wb-level-${alarm.level}`}
          onClick={() => onSelect(alarm.sn)}
        >
          <span className="wb-alarm-level">{t(`level.${hmsLevel(alarm.level)}`)}</span>
          <span className="wb-alarm-code">{alarm.code}</span>
          <span className="wb-alarm-sn">{alarm.sn}</span>
          <span className="wb-alarm-time">
            {new Date(alarm.ts).toLocaleTimeString([], { hour12: false })}
          </span>
        </button>
      ))}
    </section>
  );
}

import { HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SubtaskEvent } from '../../../protocol/tasks.ts';
import { describeDeviceCode } from '../../components/TaskWords/deviceCodes.ts';
import { runStateLabel } from '../../components/TaskWords/taskWords.ts';
import { formatTime } from '../../lib/time.ts';
import { useAlarmWords } from './useAlarmWords.ts';

const SERVICE_KINDS = new Set(['prepare', 'execute', 'pause', 'resume', 'return_home', 'cancel']);

/** What an entry says beyond its kind. */
function detailOf(
  t: TFunction<'subtasksInfo'>,
  words: TFunction<'taskWords'>,
  alarmWords: ReturnType<typeof useAlarmWords>,
  e: SubtaskEvent,
): string {
  const parts: string[] = [];
  if (e.kind === 'waypoint' && e.waypoint !== undefined)
    parts.push(t('waypointN', { n: e.waypoint + 1 }));
  if (SERVICE_KINDS.has(e.kind)) {
    if (e.code === -1) parts.push(t('noReply'));
    else if (e.code === 0) parts.push(t('replyOk', { ms: e.latency_ms ?? 0 }));
    else if (e.code !== undefined)
      parts.push(t('replyFailed', { reason: describeDeviceCode(words, e.code) }));
  }
  if (e.username) parts.push(t('byUser', { name: e.username }));
  if (e.kind === 'alarm') parts.push(alarmWords(e.hms_code, e.text));
  if ((e.kind === 'refused' || e.kind === 'expired') && e.text) parts.push(e.text);
  if (e.kind === 'result' && e.state) {
    parts.push(runStateLabel(words, e.state));
    if (e.code) parts.push(describeDeviceCode(words, e.code));
  }
  return parts.join(' · ') || t('none');
}

function intentOf(e: SubtaskEvent): Intent {
  if (e.kind === 'alarm') return e.level === 2 ? 'danger' : 'warning';
  if (e.kind === 'refused' || e.kind === 'timeout' || e.kind === 'expired') return 'danger';
  if (e.kind === 'result') return e.state === 'ok' ? 'success' : 'danger';
  if (e.code !== undefined && e.code !== 0) return 'danger';
  if (e.kind === 'takeoff' || e.kind === 'landing') return 'primary';
  return 'none';
}

/** Everything that happened to the flight, oldest first. */
export function SubtaskTimeline({ events }: { events: readonly SubtaskEvent[] }) {
  const { t } = useTranslation('subtasksInfo');
  const words = useTranslation('taskWords').t;
  const alarmWords = useAlarmWords();
  if (events.length === 0) return <NonIdealState icon="time" title={t('noEvents')} />;
  return (
    <HTMLTable compact striped className="sd-subtask-table" data-testid="subtask-timeline">
      <thead>
        <tr>
          <th>{t('time')}</th>
          <th>{t('event')}</th>
          <th>{t('detail')}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((e, i) => (
          <tr key={`${e.ts}-${String(i)}`} data-kind={e.kind}>
            <td className="sd-subtask-time">{formatTime(e.ts)}</td>
            <td>
              <Tag minimal intent={intentOf(e)}>
                {t(`kinds.${e.kind}`)}
              </Tag>
            </td>
            <td>{detailOf(t, words, alarmWords, e)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The alarms of the flight, for the report's own section. */
export function SubtaskAlarms({ events }: { events: readonly SubtaskEvent[] }) {
  const { t } = useTranslation('subtasksInfo');
  const alarmWords = useAlarmWords();
  const alarms = events.filter((e) => e.kind === 'alarm');
  if (alarms.length === 0) return <p className="sd-subtask-muted">{t('noAlarms')}</p>;
  return (
    <HTMLTable compact striped className="sd-subtask-table" data-testid="subtask-alarms">
      <thead>
        <tr>
          <th>{t('time')}</th>
          <th>{t('level')}</th>
          <th>{t('detail')}</th>
        </tr>
      </thead>
      <tbody>
        {alarms.map((a, i) => (
          <tr key={`${a.ts}-${String(i)}`}>
            <td className="sd-subtask-time">{formatTime(a.ts)}</td>
            <td>{t(`levels.${String(a.level ?? 0)}` as 'levels.0', { defaultValue: '' })}</td>
            <td>{alarmWords(a.hms_code, a.text)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

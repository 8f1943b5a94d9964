import type { TFunction } from 'i18next';
import type { AiAlarm } from '../../../protocol/aiAlarms.ts';
import { formatTime } from '../../lib/time.ts';
import { saveBlob } from '../../lib/saveBlob.ts';
import type { useAlarmWords } from './useAlarmWords.ts';

type Words = ReturnType<typeof useAlarmWords>;

/** One CSV field, quoted when it holds a separator, a quote or a line break. */
const field = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * Saves `alarms` as CSV. The file starts with a UTF-8 byte-order mark: without it Excel reads the
 * Chinese words as mojibake.
 */
export function exportAlarmsCsv(
  alarms: readonly AiAlarm[],
  t: TFunction<'aiAlarms'>,
  words: Words,
) {
  const keys = [
    'id',
    'time',
    'category',
    'level',
    'confidence',
    'status',
    'device',
    'task',
    'latitude',
    'longitude',
    'assignee',
    'note',
  ] as const;
  const header = keys.map((k) => field(t(`csv.${k}`))).join(',');
  const rows = alarms.map((a) =>
    [
      a.id,
      formatTime(a.raised_at),
      words.category(a.category),
      words.level(a.level),
      a.confidence.toFixed(2),
      words.status(a.status),
      `${a.device_name} (${a.device_sn})`,
      a.task_name,
      a.latitude,
      a.longitude,
      a.assignee_name,
      a.note,
    ]
      .map(field)
      .join(','),
  );
  const text = `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), `${t('exportName')}.csv`);
}
